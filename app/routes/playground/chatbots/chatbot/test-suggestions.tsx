// /playground/chatbots/:chatbotId/tests/suggestions: tests made from the chatbot's knowledge (its
// passages' headings and first sentences), for the owner to pick; "Add selected tests" posts the
// ticked ones to the Tests section (ADR 0057). A plain form: it works without JavaScript.
import { ArrowLeft, Plus } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { suggestedTests } from '~/features/chatbots/test-sets/suggestions.server.ts'
import { testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/test-suggestions'

const { suggestions: copy, list: listCopy } = testSetCopy

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireUser(request)
	const suggestions = await suggestedTests(user.id, params.chatbotId)
	if (!suggestions) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return { suggestions }
}

export const meta: Route.MetaFunction = () => [
	{ title: `${copy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function TestSuggestionsRoute({ loaderData, params }: Route.ComponentProps) {
	const { suggestions } = loaderData
	const path = chatbotPaths(params.chatbotId).tests
	return (
		<WorkspaceSection title={copy.title}>
			<p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
			{suggestions.length === 0 ? (
				<p className="mt-5 rounded-2xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
					{copy.none}
				</p>
			) : (
				<Form method="post" action={path} className="mt-5">
					<input type="hidden" name="intent" value="accept-suggestions" />
					<ul className="divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200">
						{suggestions.map((suggestion, i) => (
							<li key={suggestion.question} className="flex items-start gap-3 p-3 text-sm">
								<input
									type="checkbox"
									name="pick"
									value={i}
									id={`pick-${i}`}
									defaultChecked
									className="mt-1 size-4"
									aria-label={copy.pick(suggestion.question)}
								/>
								<input type="hidden" name={`question-${i}`} value={suggestion.question} />
								<input type="hidden" name={`expected-${i}`} value={suggestion.expected.join(' | ')} />
								<input type="hidden" name={`cite-${i}`} value={suggestion.cite ?? ''} />
								<label htmlFor={`pick-${i}`} className="min-w-0">
									<span className="block font-medium text-slate-900">{suggestion.question}</span>
									<span className="block text-xs text-slate-600">
										{listCopy.expected}: {suggestion.expected.join(' | ')}
										{suggestion.cite ? ` · ${listCopy.cite}: ${suggestion.cite}` : ''}
									</span>
								</label>
							</li>
						))}
					</ul>
					<Button type="submit" size="sm" className="mt-4">
						<Plus className="size-4" aria-hidden />
						{copy.accept}
					</Button>
				</Form>
			)}
			<Link to={path} className="text-brand-700 mt-4 inline-flex items-center gap-1.5 text-sm font-semibold underline">
				<ArrowLeft className="size-4" aria-hidden />
				{copy.back}
			</Link>
		</WorkspaceSection>
	)
}
