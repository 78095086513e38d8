// The Embed section of a chatbot's page: the snippet, a Copy button and how to install it.
import { Copy } from 'lucide-react'
import { CodeBox, copyCode } from '~/components/playground/builder-parts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const { page, toasts } = chatbotBuilder

export function EmbedSection({ embedCode, active }: { embedCode: string; active: boolean }) {
	const hydrated = useHydrated()
	return (
		<section
			id="embed"
			aria-labelledby="embed-heading"
			className="scroll-mt-24 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
		>
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h3 id="embed-heading" className="font-display text-lg font-bold text-slate-950">
					{page.embedTitle}
				</h3>
				{hydrated ? (
					<Button
						variant="secondary"
						size="sm"
						onClick={() =>
							void copyCode(
								embedCode,
								{ title: toasts.copied, description: toasts.copiedDescription },
								'Copy the embed code below.',
							)
						}
					>
						<Copy className="size-4" aria-hidden />
						{page.copyCode}
					</Button>
				) : null}
			</div>
			<CodeBox id="embed-code" rows={3} code={embedCode} label={page.embedLabel} />
			<ol className="mt-4 list-decimal space-y-1 pl-5 text-sm text-slate-600">
				{page.embedSteps.map((step) => (
					<li key={step}>{step}</li>
				))}
			</ol>
			{active ? null : (
				<p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
					{page.embedInactive}
				</p>
			)}
		</section>
	)
}
