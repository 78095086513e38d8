// The Embed section of a chatbot's page: the snippet, a Copy button and how to install it.
import { CodeBox, CopyCodeButton } from '~/components/playground/builder-parts.tsx'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { embedSnippet } from '~/features/chatbots/widget/embed-snippet.ts'
import { chatbotKind } from './chatbot-kind.ts'

const { page } = chatbotBuilder

export function EmbedSection({ embedCode: stored, active }: { embedCode: string; active: boolean }) {
	// The stored script tag, with its stand-in for visitors whose browser runs no scripts.
	const embedCode = embedSnippet(stored)
	return (
		<WorkspaceSection
			id="embed"
			title={page.embedTitle}
			action={<CopyCodeButton kind={chatbotKind} code={embedCode} label={page.copyCode} />}
		>
			<CodeBox id="embed-code" rows={5} code={embedCode} label={page.embedLabel} />
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
