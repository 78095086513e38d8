// The Tests section and its suggestions page, as a chatbot's and a voice assistant's routes show them
// (each route only finds its subject and hands over its data): the latest run's score, its trend and
// its failing tests (regressions first) with their reply, the passage they cited and a fix; the tests
// with their forms; CSV import and export; the suggestions to pick from, saying which made them.
// Runs are jobs: while one runs, the page follows it (without JavaScript, a Refresh link). Every part
// is a plain link or form post. docs/decisions/0057-chatbot-test-sets.md, 0062-voice-test-sets.md
import { ArrowLeft, Plus, Sparkles } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { dismissToasts, showToast, ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import type { SubjectKind } from '~/features/chatbots/test-sets/subject.ts'
import {
	suggestionField,
	SuggestionsFormSchema,
	suggestionsFormValues,
	TEST_LIMITS,
	type SuggestionRow,
	type TestForm,
} from '~/features/chatbots/test-sets/test-schema.ts'
import { subjectCopy, testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'
import { fieldErrorsOf, type FieldErrors } from '~/lib/forms.ts'
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

const { suggestions: suggestionsCopy, form: formCopy } = testSetCopy

/** How often the page re-reads a running run's progress. */
const RUNNING_REFRESH_MS = 750
/**
 * While no run is under way the page still looks every so often (only while the tab is visible,
 * as useRefreshWhile does), so a run started elsewhere (an answer added, a knowledge switch, a
 * re-sync) shows its "Running" line within seconds rather than after a reload (first-time user's trial).
 */
const IDLE_REFRESH_MS = 10_000

const metaOf = (title: string) => [{ title: `${title} | AI Playground` }, { name: 'robots', content: 'noindex' }]
/** The routes' meta: the Tests section, and its suggestions. */
export const testSetMeta = () => metaOf(testSetCopy.title)
export const testSuggestionsMeta = () => metaOf(suggestionsCopy.title)

/**
 * The section's toasts last no longer than their news: "Tests queued" goes when a run's result shows
 * (first-time user's trial: still up beside the score), and none follows the owner to another page.
 */
function useToastsOfThisPage(finishedAt: string | null) {
	const shown = useRef(finishedAt)
	useEffect(() => {
		if (shown.current === finishedAt) return
		shown.current = finishedAt
		dismissToasts()
	}, [finishedAt])
	useEffect(() => () => dismissToasts(), [])
}

export type TestSetData = {
	tests: TestView[]
	/** The chatbot whose knowledge a voice assistant answers from (its added answers go there), or null. */
	answersFrom: string | null
	latest: RunView | null
	finished: RunView | null
	trend: TrendPoint[]
	failing: FailingView[]
	/** A source of the knowledge is being read: the tests run once it is done. */
	knowledgeChanging: boolean
}

/** The suggestions' form that came back: every row as typed, its problems, and the toast. */
export type SuggestionsReturned = { rows: SuggestionRow[]; errors: FieldErrors; toast: Toast } | undefined

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
	const { tests, latest, finished, trend, failing, knowledgeChanging, answersFrom } = data
	const [searchParams] = useSearchParams()
	// A run takes seconds: while one runs its count is read more often, so it is seen going up.
	useRefreshWhile(
		latest?.active === true || (knowledgeChanging && tests.length > 0),
		latest?.status === 'running' ? RUNNING_REFRESH_MS : undefined,
	)
	useRefreshWhile(tests.length > 0 && latest?.active !== true && !knowledgeChanging, IDLE_REFRESH_MS)
	useToastsOfThisPage(finished?.createdAt ?? null)
	return (
		<WorkspaceSection title={testSetCopy.title}>
			<ToastMessage toast={returned?.toast} />
			<p className="mt-1 max-w-3xl text-sm text-slate-600">{subjectCopy(kind).intro}</p>
			<RunPanel
				latest={latest}
				finished={finished}
				trend={trend}
				path={path}
				knowledgeChanging={knowledgeChanging && tests.length > 0}
			/>
			<FailingTests failing={failing} path={path} kind={kind} returned={returned} answersFrom={answersFrom} />
			<TestList tests={tests} editing={searchParams.get('edit')} path={path} kind={kind} returned={returned} />
			<AddTests path={path} count={tests.length} kind={kind} returned={returned} />
		</WorkspaceSection>
	)
}

/** A suggestion as its row starts: ticked, as it was made. */
const rowOf = (suggestion: TestForm): SuggestionRow => ({
	picked: true,
	question: suggestion.question,
	expected: suggestion.expected.join(' | '),
	cite: suggestion.cite ?? '',
})

/**
 * The suggested tests to pick from, and which made them: each a row with its tick box and its
 * question, what its answer contains and its page or file, all editable; "Add selected tests" adds the
 * ticked ones as edited. The browser checks the form with the server's schema before sending it; a
 * post that comes back (`returned`) shows every row as it was typed, with its problems.
 */
export function TestSuggestionsSection({
	suggestions,
	madeBy,
	byModel,
	kind,
	path,
	returned,
}: {
	suggestions: TestForm[]
	madeBy: string
	byModel: boolean
	kind: SubjectKind
	/** The Tests section's address. */
	path: string
	returned: SuggestionsReturned
}) {
	const rows = returned?.rows ?? suggestions.map(rowOf)
	const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
	const errors = clientErrors ?? returned?.errors ?? {}
	function validate(event: React.FormEvent<HTMLFormElement>) {
		const form = event.currentTarget
		const result = SuggestionsFormSchema.safeParse(suggestionsFormValues(new FormData(form)))
		if (result.success) return setClientErrors(null)
		event.preventDefault()
		const found = fieldErrorsOf(result.error)
		setClientErrors(found)
		const first = Object.keys(found)
			.map((name) => form.querySelector(`[name="${name}"]`))
			.find((field) => field instanceof HTMLElement)
		if (first instanceof HTMLElement) first.focus()
		showToast({
			id: 'test-suggestions',
			type: 'error',
			title: suggestionsCopy.notAdded,
			description: Object.values(found)[0],
		})
	}
	return (
		<WorkspaceSection title={suggestionsCopy.title}>
			<ToastMessage toast={returned?.toast} />
			<p className="mt-1 max-w-3xl text-sm text-slate-600">{subjectCopy(kind).suggestionsIntro}</p>
			<p
				className="mt-2 inline-flex max-w-3xl items-start gap-1.5 text-sm font-medium text-slate-700"
				data-testid="suggestions-made-by"
			>
				{byModel ? <Sparkles className="text-brand-600 mt-0.5 size-4 shrink-0" aria-hidden /> : null}
				{madeBy}
			</p>
			{rows.length === 0 ? (
				<p className="mt-5 rounded-2xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
					{suggestionsCopy.none}
				</p>
			) : (
				<Form method="post" className="mt-5" noValidate onSubmit={validate}>
					<p className="max-w-3xl text-sm text-slate-600">{suggestionsCopy.editHint}</p>
					{errors.pick ? (
						<p id="suggestions-error" className="mt-2 text-sm font-medium text-rose-700" role="alert">
							{errors.pick}
						</p>
					) : null}
					<ul
						className="mt-3 divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200"
						aria-label={suggestionsCopy.title}
					>
						{rows.map((row, i) => (
							<li key={i} className="p-3 text-sm" data-testid="suggestion-row">
								<fieldset className="flex min-w-0 items-start gap-3">
									<legend className="sr-only">{suggestionsCopy.row(i + 1)}</legend>
									<input
										type="checkbox"
										name="pick"
										value={i}
										id={`pick-${i}`}
										defaultChecked={row.picked}
										className="mt-9 size-4 shrink-0"
										aria-label={suggestionsCopy.pick(row.question)}
										aria-describedby={errors.pick ? 'suggestions-error' : undefined}
									/>
									<div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2">
										<Field
											id={`suggestion-${i}-question`}
											label={formCopy.question}
											name={suggestionField('question', i)}
											maxLength={TEST_LIMITS.questionChars}
											defaultValue={row.question}
											error={errors[suggestionField('question', i)]}
											className="sm:col-span-2"
										/>
										<Field
											id={`suggestion-${i}-expected`}
											label={formCopy.expected}
											name={suggestionField('expected', i)}
											maxLength={TEST_LIMITS.expectedChars}
											defaultValue={row.expected}
											error={errors[suggestionField('expected', i)]}
										/>
										<Field
											id={`suggestion-${i}-cite`}
											label={formCopy.cite}
											name={suggestionField('cite', i)}
											maxLength={TEST_LIMITS.citeChars}
											defaultValue={row.cite}
											error={errors[suggestionField('cite', i)]}
										/>
									</div>
								</fieldset>
							</li>
						))}
					</ul>
					<p className="mt-2 text-xs text-slate-500">{formCopy.expectedHint}</p>
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
