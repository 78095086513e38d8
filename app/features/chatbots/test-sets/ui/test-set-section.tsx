// The Tests section and its suggestions page, as a chatbot's and a voice assistant's routes show them
// (each route only finds its subject and hands over its data): the latest run's score, its trend and
// its failing tests (regressions first) with their reply, the passage they cited and a fix; the tests
// with their forms; CSV import and export; the suggestions to pick from, saying which made them.
// Runs are jobs: while one runs, the page follows it (without JavaScript, a Refresh link). Every part
// is a plain link or form post. docs/decisions/0057-chatbot-test-sets.md, 0062-voice-test-sets.md
import { ArrowLeft, Plus, Sparkles } from 'lucide-react'
import { Form, Link, useSearchParams } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import type { SubjectKind } from '~/features/chatbots/test-sets/subject.ts'
import type { TestForm } from '~/features/chatbots/test-sets/test-schema.ts'
import { subjectCopy, testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'
import type { FieldErrors } from '~/lib/forms.ts'
import type { Toast } from '~/lib/toast.ts'
import { useRefreshWhile } from '~/lib/use-refresh-while.ts'
import {
	AddTests,
	FailingTests,
	RunPanel,
	TestList,
	type FailingView,
	type RunView,
	type TestView,
	type TrendPoint,
} from './test-set-view.tsx'

const { suggestions: suggestionsCopy, list: listCopy } = testSetCopy

const metaOf = (title: string) => [{ title: `${title} | AI Playground` }, { name: 'robots', content: 'noindex' }]
/** The routes' meta: the Tests section, and its suggestions. */
export const testSetMeta = () => metaOf(testSetCopy.title)
export const testSuggestionsMeta = () => metaOf(suggestionsCopy.title)

export type TestSetData = {
	tests: TestView[]
	latest: RunView | null
	finished: RunView | null
	trend: TrendPoint[]
	failing: FailingView[]
}

/** A form of the section that came back: which one, what was typed, its problems, and the toast. */
export type TestSetReturned =
	| { form: string; values: Record<string, string | boolean>; errors: FieldErrors; toast: Toast }
	| undefined

export function TestSetSection({
	data,
	returned,
	kind,
	path,
}: {
	data: TestSetData
	returned: TestSetReturned
	kind: SubjectKind
	/** The section's address, where its forms post. */
	path: string
}) {
	const { tests, latest, finished, trend, failing } = data
	const [searchParams] = useSearchParams()
	useRefreshWhile(latest?.active === true)
	return (
		<WorkspaceSection title={testSetCopy.title}>
			<ToastMessage toast={returned?.toast} />
			<p className="mt-1 max-w-3xl text-sm text-slate-600">{subjectCopy(kind).intro}</p>
			<RunPanel latest={latest} finished={finished} trend={trend} path={path} />
			<FailingTests failing={failing} path={path} kind={kind} returned={returned} />
			<TestList tests={tests} editing={searchParams.get('edit')} path={path} kind={kind} returned={returned} />
			<AddTests path={path} count={tests.length} kind={kind} returned={returned} />
		</WorkspaceSection>
	)
}

/** The suggested tests to pick from, and which made them; "Add selected tests" posts to the Tests section. */
export function TestSuggestionsSection({
	suggestions,
	madeBy,
	byModel,
	kind,
	path,
}: {
	suggestions: TestForm[]
	madeBy: string
	byModel: boolean
	kind: SubjectKind
	/** The Tests section's address. */
	path: string
}) {
	return (
		<WorkspaceSection title={suggestionsCopy.title}>
			<p className="mt-1 max-w-3xl text-sm text-slate-600">{subjectCopy(kind).suggestionsIntro}</p>
			<p
				className="mt-2 inline-flex max-w-3xl items-start gap-1.5 text-sm font-medium text-slate-700"
				data-testid="suggestions-made-by"
			>
				{byModel ? <Sparkles className="text-brand-600 mt-0.5 size-4 shrink-0" aria-hidden /> : null}
				{madeBy}
			</p>
			{suggestions.length === 0 ? (
				<p className="mt-5 rounded-2xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
					{suggestionsCopy.none}
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
									aria-label={suggestionsCopy.pick(suggestion.question)}
								/>
								<input type="hidden" name={`question-${i}`} value={suggestion.question} />
								<input type="hidden" name={`expected-${i}`} value={suggestion.expected.join(' | ')} />
								<input type="hidden" name={`cite-${i}`} value={suggestion.cite ?? ''} />
								<label htmlFor={`pick-${i}`} className="min-w-0 [overflow-wrap:anywhere]">
									<span className="block font-medium text-slate-900">{suggestion.question}</span>
									<span className="block text-xs text-slate-600">
										{listCopy.expected}: {suggestion.expected.join(' | ')}
										{suggestion.cite ? ` · ${listCopy.cite}: ${suggestion.cite}` : ''}
									</span>
								</label>
							</li>
						))}
					</ul>
					<div className="mt-4">
						<Button type="submit" size="sm">
							<Plus className="size-4" aria-hidden />
							{suggestionsCopy.accept}
						</Button>
					</div>
				</Form>
			)}
			<Link to={path} className="text-brand-700 mt-4 inline-flex items-center gap-1.5 text-sm font-semibold underline">
				<ArrowLeft className="size-4" aria-hidden />
				{suggestionsCopy.back}
			</Link>
		</WorkspaceSection>
	)
}
