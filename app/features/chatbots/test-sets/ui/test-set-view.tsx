// The Tests section's parts, a chatbot's and a voice assistant's alike: the latest run and its trend,
// the failing tests (regressions first) with their reply, the passage they cited and a way to fix
// each, the test set with its forms, and CSV import and export. Every part is a link or a form post,
// so it all works without JavaScript; the chart draws in the browser over the same numbers as the
// runs table. docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md
import {
	CircleCheck,
	CircleX,
	Download,
	FlaskConical,
	Lightbulb,
	LoaderCircle,
	PencilLine,
	Play,
	Plus,
	TriangleAlert,
	Upload,
} from 'lucide-react'
import { useEffect, useMemo, useRef } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { Field, FileField, TextareaField } from '~/components/ui/field.tsx'
import { LineChart } from '~/components/ui/line-chart.tsx'
import type { SubjectKind } from '~/features/chatbots/test-sets/subject.ts'
import { TEST_LIMITS } from '~/features/chatbots/test-sets/test-schema.ts'
import { subjectCopy, testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'
import { citedPassage, passageName } from '~/features/chatbots/test-sets/ui/cited-passage.ts'
import type { FieldErrors } from '~/lib/forms.ts'
import { cn } from '~/lib/misc.ts'
import { useSiteTimeZone } from '~/lib/time-zone.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

const {
	score: scoreCopy,
	run: runCopy,
	failing: failingCopy,
	list: listCopy,
	form: formCopy,
	csv: csvCopy,
} = testSetCopy

export type RunView = {
	status: string
	/** Queued or running (and not abandoned): "Run tests" waits for it. */
	active: boolean
	done: number
	total: number
	passed: number
	regressions: number
	error: string | null
	when: string
	createdAt: string
	trigger: string
}
export type TrendPoint = { at: number; percent: number; passed: number; total: number; when: string; trigger: string }
type PassageView = { title: string | null; url: string | null; score: number; excerpt: string }
export type FailingView = {
	testId: string
	question: string
	regression: boolean
	reason: string
	/** A test that must decline: the fix is a narrower brief, not an answer. */
	mustDecline: boolean
	/** Saved since the run: its reason is for what it asked before. */
	edited: boolean
	reply: string
	answered: boolean
	passages: PassageView[]
	cited: Array<{ title: string | null; url: string | null }>
}
export type TestView = {
	id: string
	question: string
	expected: string[]
	cite: string | null
	mustDecline: boolean
	last: 'pass' | 'fail' | 'edited' | null
}
type Returned = { form: string; values: Record<string, string | boolean>; errors: FieldErrors } | undefined

const panel = 'rounded-2xl p-4 ring-1 ring-slate-200'

/** The latest run: its score and regressions, or its progress; "Run tests"; the trend of the latest runs. */
export function RunPanel({
	latest,
	finished,
	trend,
	path,
	knowledgeChanging,
}: {
	latest: RunView | null
	finished: RunView | null
	trend: TrendPoint[]
	path: string
	/** A source is being read: the tests run once it is done. */
	knowledgeChanging: boolean
}) {
	const navigation = useNavigation()
	const hydrated = useHydrated()
	const timeZone = useSiteTimeZone()
	const active = latest?.active === true
	// Under way, or being asked for: a second click would only be refused (the server says so too).
	const busy = active || navigation.formData?.get('intent') === 'run'
	// The chart is drawn again only when its runs change: the page re-reads its data every few
	// seconds, each time with a new but equal trend.
	const trendKey = JSON.stringify(trend)
	const { x, points, series } = useMemo(() => {
		const runs = JSON.parse(trendKey) as TrendPoint[]
		return {
			x: runs.map((point) => point.at),
			// Runs as a sequence, equally apart: two runs seconds apart are two points, not a flat band.
			points: runs.map((point, i) => ({
				tick: scoreCopy.runNumber(i + 1),
				label: `${scoreCopy.runNumber(i + 1)} · ${point.when} · ${point.percent}%`,
			})),
			series: [{ label: scoreCopy.result, values: runs.map((point) => point.percent) }],
		}
	}, [trendKey])
	return (
		<div className={cn(panel, 'mt-5')} data-testid="test-run">
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div>
					<h4 className="font-semibold text-slate-900">{scoreCopy.title}</h4>
					{finished ? (
						<p className="mt-1 text-2xl font-bold text-slate-950" data-testid="test-score">
							{scoreCopy.passed(finished.passed, finished.total)}
							{finished.regressions > 0 ? (
								<span className="ml-3 inline-flex items-center gap-1 rounded-full bg-rose-50 px-2.5 py-0.5 align-middle text-sm font-semibold text-rose-700 ring-1 ring-rose-200">
									<TriangleAlert className="size-4" aria-hidden />
									{scoreCopy.regressions(finished.regressions)}
								</span>
							) : null}
						</p>
					) : (
						<p className="mt-1 text-sm text-slate-600">{scoreCopy.none}</p>
					)}
					{finished ? (
						<p className="mt-1 text-xs text-slate-500">
							<time dateTime={finished.createdAt}>{finished.when}</time> ·{' '}
							{scoreCopy.triggers[finished.trigger] ?? finished.trigger}
						</p>
					) : null}
					<p
						id="test-run-status"
						className="mt-2 text-sm text-slate-700"
						role="status"
						aria-live="polite"
						data-testid="test-run-status"
					>
						{latest?.status === 'queued'
							? scoreCopy.queued
							: latest?.status === 'running'
								? scoreCopy.running(latest.done, latest.total)
								: knowledgeChanging
									? scoreCopy.knowledgeChanging
									: latest?.status === 'failed' && latest.error
										? scoreCopy.failedRun(latest.error)
										: null}
						{(active || knowledgeChanging) && !hydrated ? (
							<>
								{' '}
								<Link to={path} className="text-brand-700 font-semibold underline">
									{scoreCopy.refresh}
								</Link>
							</>
						) : null}
					</p>
				</div>
				<Form method="post" action={path}>
					<input type="hidden" name="intent" value="run" />
					<Button
						type="submit"
						size="sm"
						disabled={busy}
						aria-busy={busy || undefined}
						aria-describedby={busy ? 'test-run-status' : undefined}
					>
						{busy ? (
							<LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
						) : (
							<Play className="size-4" aria-hidden />
						)}
						{busy ? runCopy.running : runCopy.button}
					</Button>
				</Form>
			</div>
			{trend.length > 1 ? (
				<div className="mt-4">
					<h5 className="text-sm font-semibold text-slate-800">{scoreCopy.trend}</h5>
					{hydrated ? (
						<LineChart
							x={x}
							series={series}
							yMax={100}
							yUnit="%"
							timeZone={timeZone}
							points={points}
							pointsLabel={scoreCopy.when}
							label={scoreCopy.chartLabel}
							testId="test-trend"
						/>
					) : null}
					<details className="mt-2 text-sm" open={!hydrated}>
						<summary className="cursor-pointer text-slate-600">{scoreCopy.trendTable}</summary>
						<table className="mt-2 w-full text-left text-sm">
							<thead>
								<tr className="text-slate-600">
									<th className="py-1 font-medium">{scoreCopy.when}</th>
									<th className="py-1 font-medium">{scoreCopy.trigger}</th>
									<th className="py-1 text-right font-medium">{scoreCopy.result}</th>
								</tr>
							</thead>
							<tbody>
								{trend.toReversed().map((point) => (
									<tr key={point.at} className="border-t border-slate-100">
										<td className="py-1">{point.when}</td>
										<td className="py-1">{scoreCopy.triggers[point.trigger] ?? point.trigger}</td>
										<td className="py-1 text-right tabular-nums">
											{point.passed} / {point.total}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</details>
				</div>
			) : null}
		</div>
	)
}

/** Where the subject's brief is written: a chatbot's System Prompt (its Knowledge page), a voice assistant's Instructions. */
const briefPathOf = (testsPath: string, kind: SubjectKind) =>
	testsPath.replace(/\/tests$/, kind === 'chatbot' ? '/knowledge' : '/assistant')

/** The latest run's failing tests, regressions first, each with its reply, its passage and a fix. */
export function FailingTests({
	failing,
	path,
	kind,
	returned,
	answersFrom,
}: {
	failing: FailingView[]
	path: string
	kind: SubjectKind
	returned: Returned
	/** The chatbot whose knowledge a voice assistant answers from: an added answer joins it. */
	answersFrom: string | null
}) {
	if (failing.length === 0) return null
	return (
		<section aria-labelledby="failing-tests-heading" className="mt-6">
			<h4 id="failing-tests-heading" className="font-semibold text-slate-900">
				{failingCopy.title}
			</h4>
			<ol className="mt-3 space-y-4" data-testid="failing-tests">
				{failing.map((result) => {
					const passage = citedPassage(result)
					const answerForm = `answer:${result.question}`
					const mine = returned?.form === answerForm
					return (
						<li key={result.testId} className={cn(panel, result.regression && 'ring-rose-300')}>
							<p className="flex flex-wrap items-start gap-2 font-semibold text-slate-900">
								<CircleX className="mt-0.5 size-4 shrink-0 text-rose-600" aria-hidden />
								<span className="min-w-0 [overflow-wrap:anywhere]">{result.question}</span>
								{result.regression ? (
									<span className="rounded-full bg-rose-50 px-2 py-0.5 text-xs font-semibold text-rose-700 ring-1 ring-rose-200">
										{failingCopy.regression}
									</span>
								) : null}
							</p>
							<p className={cn('mt-1 text-sm', result.edited ? 'text-slate-700' : 'text-rose-800')}>
								{result.edited ? failingCopy.edited : result.reason}
							</p>
							<dl className="mt-2 space-y-2 text-sm">
								<div>
									<dt className="font-medium text-slate-700">{failingCopy.reply}</dt>
									<dd className="mt-0.5 [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800">{result.reply}</dd>
								</div>
								<div>
									<dt className="font-medium text-slate-700">{failingCopy.cited}</dt>
									<dd className="mt-0.5 [overflow-wrap:anywhere] text-slate-700">
										{passage ? (
											<>
												<span className="font-medium">{passageName(passage)}</span>
												{passage.url ? <span className="ml-1 text-xs text-slate-500">{passage.url}</span> : null}
												<span className="ml-1 text-xs text-slate-500">({failingCopy.score(passage.score)})</span>
												<span className="mt-0.5 block [overflow-wrap:anywhere] text-slate-600">{passage.excerpt}</span>
											</>
										) : result.answered ? (
											failingCopy.noPassage
										) : (
											failingCopy.declined
										)}
									</dd>
								</div>
							</dl>
							{result.passages.length > 1 ? (
								<details className="mt-2 text-sm">
									<summary className="cursor-pointer text-slate-600">{failingCopy.passages}</summary>
									<ol className="mt-1 list-decimal space-y-1 pl-5 [overflow-wrap:anywhere] text-slate-600">
										{result.passages.map((item, i) => (
											<li key={i}>
												{passageName(item)} ({failingCopy.score(item.score)}): {item.excerpt}
											</li>
										))}
									</ol>
								</details>
							) : null}
							<div className="mt-3 flex flex-wrap items-start gap-3">
								{result.mustDecline ? (
									// It answered what it should decline: an added answer would only make it answer
									// better. What helps is its brief (or the test, if it may answer).
									<div className="min-w-64 flex-1 text-sm">
										<p className="text-slate-700">{subjectCopy(kind).declineFix}</p>
										<Link
											to={briefPathOf(path, kind)}
											className="text-brand-700 mt-1 inline-block font-semibold underline"
										>
											{subjectCopy(kind).restrictLink}
										</Link>
									</div>
								) : (
									<Form method="post" action={path} className="min-w-64 flex-1">
										<input type="hidden" name="intent" value="answer" />
										<input type="hidden" name="question" value={result.question} />
										<TextareaField
											label={failingCopy.fixAnswerLabel(result.question)}
											name="answer"
											rows={2}
											maxLength={4000}
											hint={
												answersFrom
													? subjectCopy(kind).fixAnswerSharedHint(answersFrom)
													: subjectCopy(kind).fixAnswerHint
											}
											defaultValue={mine ? String(returned?.values.answer ?? '') : undefined}
											error={mine ? returned?.errors.answer : undefined}
										/>
										<Button type="submit" size="sm" variant="secondary" className="mt-2">
											<Plus className="size-4" aria-hidden />
											{failingCopy.addAnswer}
										</Button>
									</Form>
								)}
								<Link
									to={`${path}?edit=${result.testId}#test-${result.testId}`}
									className="text-brand-700 text-sm font-semibold underline"
								>
									{listCopy.edit}
									<span className="sr-only">: {result.question}</span>
								</Link>
							</div>
						</li>
					)
				})}
			</ol>
		</section>
	)
}

/** The fields of a test, for the add form and each test's edit form. */
function TestFields({
	values,
	errors,
	prefix,
	kind,
}: {
	values: { question: string; expected: string; cite: string; mustDecline: boolean }
	errors?: FieldErrors
	prefix: string
	kind: SubjectKind
}) {
	return (
		<div className="grid gap-3 sm:grid-cols-2">
			<Field
				id={`${prefix}-question`}
				label={formCopy.question}
				name="question"
				required
				maxLength={TEST_LIMITS.questionChars}
				placeholder={formCopy.questionPlaceholder}
				defaultValue={values.question}
				error={errors?.question}
				className="sm:col-span-2"
			/>
			<Field
				id={`${prefix}-expected`}
				label={formCopy.expected}
				name="expected"
				maxLength={TEST_LIMITS.expectedChars}
				hint={formCopy.expectedHint}
				defaultValue={values.expected}
				error={errors?.expected}
			/>
			<Field
				id={`${prefix}-cite`}
				label={formCopy.cite}
				name="cite"
				maxLength={TEST_LIMITS.citeChars}
				hint={formCopy.citeHint}
				defaultValue={values.cite}
				error={errors?.cite}
			/>
			<label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
				<input type="checkbox" name="mustDecline" defaultChecked={values.mustDecline} className="size-4" />
				{subjectCopy(kind).mustDecline}
			</label>
		</div>
	)
}

const formValues = (returned: Returned) => ({
	question: String(returned?.values.question ?? ''),
	expected: String(returned?.values.expected ?? ''),
	cite: String(returned?.values.cite ?? ''),
	mustDecline: returned?.values.mustDecline === true,
})

const RESULT_BADGE = {
	pass: { label: listCopy.pass, icon: CircleCheck, className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
	fail: { label: listCopy.fail, icon: CircleX, className: 'bg-rose-50 text-rose-700 ring-rose-200' },
	edited: { label: listCopy.edited, icon: PencilLine, className: 'bg-amber-50 text-amber-800 ring-amber-200' },
} as const

/** The test set: each test with what it expects and its last result, an edit form and Delete. */
export function TestList({
	tests,
	editing,
	path,
	kind,
	returned,
}: {
	tests: TestView[]
	editing: string | null
	path: string
	kind: SubjectKind
	returned: Returned
}) {
	return (
		<section aria-labelledby="test-set-heading" className="mt-6">
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h4 id="test-set-heading" className="font-semibold text-slate-900">
					{listCopy.title}
				</h4>
				<p className="text-xs text-slate-500">{listCopy.count(tests.length)}</p>
			</div>
			{tests.length === 0 ? (
				<p className="mt-3 rounded-2xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
					{testSetCopy.empty}
				</p>
			) : (
				<ul className="mt-3 divide-y divide-slate-100 rounded-2xl ring-1 ring-slate-200" aria-label={listCopy.title}>
					{tests.map((test) => {
						const mine = returned?.form === test.id
						const badge = test.last ? RESULT_BADGE[test.last] : null
						return (
							<li key={test.id} id={`test-${test.id}`} className="scroll-mt-24 p-3 text-sm" data-testid="test-row">
								<div className="flex flex-wrap items-start justify-between gap-2">
									<p className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900">{test.question}</p>
									<span
										className={cn(
											'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
											badge?.className ?? 'bg-slate-50 text-slate-600 ring-slate-200',
										)}
									>
										{badge ? <badge.icon className="size-3.5" aria-hidden /> : null}
										{badge?.label ?? listCopy.notRun}
									</span>
								</div>
								<p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-slate-600">
									{test.mustDecline
										? listCopy.decline
										: `${listCopy.expected}: ${test.expected.length > 0 ? test.expected.join(' | ') : listCopy.anyAnswer}`}
									{test.cite ? ` · ${listCopy.cite}: ${test.cite}` : ''}
								</p>
								<details className="mt-1" open={editing === test.id || mine}>
									<summary className="text-brand-700 cursor-pointer text-xs font-semibold">
										{listCopy.edit}
										<span className="sr-only">: {test.question}</span>
									</summary>
									<Form method="post" action={path} className="mt-2">
										<input type="hidden" name="intent" value="update" />
										<input type="hidden" name="testId" value={test.id} />
										<TestFields
											prefix={`test-${test.id}`}
											kind={kind}
											values={
												mine
													? formValues(returned)
													: {
															question: test.question,
															expected: test.expected.join(' | '),
															cite: test.cite ?? '',
															mustDecline: test.mustDecline,
														}
											}
											errors={mine ? returned?.errors : undefined}
										/>
										<div className="mt-2 flex gap-2">
											<Button type="submit" size="sm">
												{listCopy.save}
											</Button>
											<Button type="submit" size="sm" variant="ghost" name="intent" value="delete">
												{listCopy.remove}
											</Button>
										</div>
									</Form>
								</details>
							</li>
						)
					})}
				</ul>
			)}
		</section>
	)
}

const NEW_QUESTION_ID = 'new-test-question'
const TEXT_FIELDS = ['question', 'expected', 'cite'] as const

/** Whether the form's fields hold what `posted` sent (nothing typed since). */
function holdsPosted(form: HTMLFormElement, posted: FormData) {
	const field = (name: string) => form.elements.namedItem(name)
	const decline = field('mustDecline')
	return (
		TEXT_FIELDS.every((name) => {
			const input = field(name)
			return input instanceof HTMLInputElement && input.value === String(posted.get(name) ?? '')
		}) &&
		decline instanceof HTMLInputElement &&
		decline.checked === posted.has('mustDecline')
	)
}

/**
 * With JavaScript, a test added leaves the page as it was, its typed fields included (the redirect
 * is to the same page): once the post has ended and no form came back (`adding` is a refusal, its
 * fields kept), the fields are emptied and the question takes the focus for the next test; unless
 * the owner has typed the next one meanwhile, which stays. Without JavaScript the redirect loads
 * the page anew, empty.
 */
function useClearedAfterAdd(formRef: React.RefObject<HTMLFormElement | null>, adding: boolean) {
	const navigation = useNavigation()
	const posted = useRef<FormData | null>(null)
	useEffect(() => {
		if (navigation.formData?.get('intent') === 'add') posted.current = navigation.formData
		else if (navigation.state === 'idle' && posted.current) {
			const sent = posted.current
			posted.current = null
			const form = formRef.current
			if (adding || !form || !holdsPosted(form, sent)) return
			for (const name of TEXT_FIELDS) {
				const input = form.elements.namedItem(name)
				if (input instanceof HTMLInputElement) input.value = ''
			}
			const decline = form.elements.namedItem('mustDecline')
			if (decline instanceof HTMLInputElement) decline.checked = false
			document.getElementById(NEW_QUESTION_ID)?.focus()
		}
	}, [navigation.state, navigation.formData, adding, formRef])
}

/** "Add a test", the suggestions' link, and CSV import and export. */
export function AddTests({
	path,
	count,
	kind,
	returned,
}: {
	path: string
	count: number
	kind: SubjectKind
	returned: Returned
}) {
	const adding = returned?.form === 'add'
	const importing = returned?.form === 'import'
	const addForm = useRef<HTMLFormElement>(null)
	useClearedAfterAdd(addForm, adding)
	return (
		<div className="mt-6 grid gap-4 lg:grid-cols-2">
			<section aria-labelledby="add-test-heading" className={panel}>
				<h4 id="add-test-heading" className="flex items-center gap-2 font-semibold text-slate-900">
					<FlaskConical className="text-brand-600 size-4" aria-hidden />
					{formCopy.addTitle}
				</h4>
				<Form ref={addForm} method="post" action={path} className="mt-3">
					<input type="hidden" name="intent" value="add" />
					<TestFields
						prefix="new-test"
						kind={kind}
						values={formValues(adding ? returned : undefined)}
						errors={adding ? returned?.errors : undefined}
					/>
					<Button type="submit" size="sm" className="mt-3" disabled={count >= TEST_LIMITS.testsPerChatbot}>
						<Plus className="size-4" aria-hidden />
						{formCopy.add}
					</Button>
				</Form>
				<Link
					to={`${path}/suggestions`}
					className="text-brand-700 mt-4 inline-flex items-center gap-1.5 text-sm font-semibold underline"
				>
					<Lightbulb className="size-4" aria-hidden />
					{testSetCopy.suggestions.open}
				</Link>
			</section>
			<section aria-labelledby="csv-heading" className={panel}>
				<h4 id="csv-heading" className="font-semibold text-slate-900">
					{csvCopy.title}
				</h4>
				{count > 0 ? (
					<a
						href={`${path}.csv`}
						download
						className="text-brand-700 mt-3 inline-flex items-center gap-1.5 text-sm font-semibold underline"
					>
						<Download className="size-4" aria-hidden />
						{csvCopy.export}
					</a>
				) : null}
				<Form method="post" action={path} encType="multipart/form-data" className="mt-3">
					<input type="hidden" name="intent" value="import" />
					<FileField
						id="tests-csv-file"
						label={csvCopy.file}
						name="file"
						accept=".csv,text/csv"
						hint={csvCopy.hint}
						error={importing ? returned?.errors.file : undefined}
					/>
					<Button type="submit" size="sm" variant="secondary" className="mt-3">
						<Upload className="size-4" aria-hidden />
						{csvCopy.import}
					</Button>
				</Form>
			</section>
		</div>
	)
}
