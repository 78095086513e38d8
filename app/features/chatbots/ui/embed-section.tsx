// The Embed section of a chatbot's page: the snippet, a Copy button and how to install it.
import { Copy } from 'lucide-react'
import { CodeBox, copyCode } from '~/components/playground/builder-parts.tsx'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const { page, toasts } = chatbotBuilder

export function EmbedSection({ embedCode, active }: { embedCode: string; active: boolean }) {
	const hydrated = useHydrated()
	return (
		<WorkspaceSection
			id="embed"
			title={page.embedTitle}
			action={
				hydrated ? (
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
				) : null
			}
		>
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
		</WorkspaceSection>
	)
}
