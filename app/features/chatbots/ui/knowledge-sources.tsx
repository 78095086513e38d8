// A chatbot's knowledge sources on its page: add files, a page or a whole site; see each source's
// status and progress (the page that reads them re-reads itself while an import runs; without
// JavaScript a reload shows the same); re-sync, stop, schedule or remove one. Every control is a
// plain form post.
import {
	AlertTriangle,
	CheckCircle2,
	CircleDashed,
	FileText,
	Globe,
	Link2,
	Loader2,
	PenLine,
	RefreshCw,
	Square,
	Upload,
	XCircle,
} from 'lucide-react'
import { useId, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { BuilderCardTitle, builderCardClass } from '~/components/playground/builder-parts.tsx'
import { DeleteStep } from '~/components/playground/workspace-parts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, SelectField, TextareaField } from '~/components/ui/field.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import {
	crawlLimits,
	isImporting,
	SYNC_SCHEDULES,
	type SourceKind,
	type SourceStatus,
	type SourceSummary,
} from '~/features/chatbots/sources/source-schema.ts'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import {
	ScopeChoice,
	SourceButton,
	SourceFilesInput,
	SourceIcon,
	SourceTile,
	type ImportScope,
} from './source-tile.tsx'

const { sources: copy, form: formCopy } = chatbotBuilder

const KIND_ICONS: Record<SourceKind, typeof Globe> = { text: PenLine, file: FileText, page: Link2, website: Globe }

const STATUS_STYLES: Record<SourceStatus, { icon: typeof Globe; className: string; spin?: boolean }> = {
	queued: { icon: CircleDashed, className: 'bg-slate-100 text-slate-700 ring-slate-200' },
	running: { icon: Loader2, className: 'bg-brand-50 text-brand-800 ring-brand-200', spin: true },
	ready: { icon: CheckCircle2, className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
	failed: { icon: XCircle, className: 'bg-rose-50 text-rose-800 ring-rose-200' },
	cancelled: { icon: Square, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
}

const number = (value: number) => value.toLocaleString('en-US')

const statusLabel = (source: Pick<SourceSummary, 'kind' | 'status'>) =>
	source.kind === 'text' && source.status === 'running' ? copy.textRunning : copy.statuses[source.status]

function StatusBadge({ source }: { source: Pick<SourceSummary, 'kind' | 'status'> }) {
	const { status } = source
	const style = STATUS_STYLES[status]
	const Icon = style.icon
	return (
		<span
			className={cn(
				'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
				style.className,
			)}
		>
			<Icon className={cn('size-3.5', style.spin && 'animate-spin motion-reduce:animate-none')} aria-hidden />
			{statusLabel(source)}
		</span>
	)
}

/** What a source holds or how far its import got, in one line. */
function sourceFacts(source: SourceSummary) {
	const facts: string[] = []
	const crawled = source.kind === 'website' || source.kind === 'page'
	if (crawled && (source.pagesFound > 0 || isImporting(source))) {
		if (isImporting(source)) facts.push(`${number(source.pagesDone)} of ${number(source.pagesFound)} pages done`)
		const indexed = source.pagesIndexed + source.pagesUnchanged
		facts.push(`${number(indexed)} ${indexed === 1 ? 'page' : 'pages'} indexed`)
		if (source.pagesUnchanged > 0) facts.push(`${number(source.pagesUnchanged)} unchanged`)
		if (source.pagesSkipped > 0) facts.push(`${number(source.pagesSkipped)} skipped`)
		if (source.pagesFailed > 0) facts.push(`${number(source.pagesFailed)} failed`)
	}
	if (source.kind === 'text' && isImporting(source))
		facts.push(source.chunkCount > 0 ? copy.textIndexing : copy.textIndexingFirst)
	if (!isImporting(source) && source.chars > 0)
		facts.push(
			`${number(source.chars)} characters in ${number(source.chunkCount)} ${source.chunkCount === 1 ? 'chunk' : 'chunks'}`,
		)
	if (source.syncedAgo && !isImporting(source)) facts.push(`synced ${source.syncedAgo}`)
	return facts.join(' · ')
}

/** What a source's row can ask of it, each a small post with the source's id. */
const SOURCE_ACTIONS = {
	cancel: { intent: 'cancel-source', label: copy.cancel, icon: Square, tone: 'secondary' },
	resync: { intent: 'resync-source', label: copy.resync, icon: RefreshCw, tone: 'secondary' },
} as const

function SourceAction({
	action,
	pagePath,
	sourceId,
}: {
	action: keyof typeof SOURCE_ACTIONS
	pagePath: string
	sourceId: string
}) {
	const { intent, label, icon: Icon, tone } = SOURCE_ACTIONS[action]
	return (
		<Form method="post" action={pagePath} className="contents">
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="sourceId" value={sourceId} />
			<Button type="submit" variant={tone} size="sm" className="h-8 px-3">
				<Icon className="size-3.5" aria-hidden />
				{label}
			</Button>
		</Form>
	)
}

/**
 * Remove: a link to this page with `?remove-source=<id>`, which shows what goes (the site and its
 * pages) and the button that removes it (ADR 0048), so one click never removes a 68-page crawl.
 */
function RemoveSource({
	source,
	pagePath,
	confirming,
}: {
	source: SourceSummary
	pagePath: string
	confirming: boolean
}) {
	const kind = source.kind === 'text' ? 'file' : source.kind
	return (
		<DeleteStep
			confirming={confirming}
			askTo={`${pagePath}?remove-source=${source.id}#source-${source.id}`}
			askLabel={copy.remove}
			className="h-8 px-3"
			cancelTo={`${pagePath}#source-${source.id}`}
			id={`source-${source.id}-remove`}
			action={pagePath}
			question={copy.removeConfirm({
				kind,
				origin: source.origin,
				pages: source.pagesIndexed + source.pagesUnchanged,
			})}
			confirmLabel={copy.removeButton}
			itemId={source.id}
			intent="remove-source"
			idName="sourceId"
		/>
	)
}

function SourceRow({
	source,
	pagePath,
	confirmingRemove,
}: {
	source: SourceSummary
	pagePath: string
	confirmingRemove: boolean
}) {
	const crawled = source.kind === 'website' || source.kind === 'page'
	const active = isImporting(source)
	const progress = source.pagesFound > 0 ? Math.round((100 * source.pagesDone) / source.pagesFound) : 0
	const title = source.kind === 'text' ? copy.textOrigin : source.origin
	return (
		<li id={`source-${source.id}`} className="scroll-mt-24 py-4 first:pt-0 last:pb-0">
			<div className="flex items-start gap-3">
				<SourceIcon icon={KIND_ICONS[source.kind]} className="size-9 shrink-0 rounded-xl bg-slate-50" />
				<div className="min-w-0 flex-1">
					<div className="flex flex-wrap items-center gap-x-2 gap-y-1">
						<p className="min-w-0 text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">
							{crawled ? (
								<a
									href={source.origin}
									target="_blank"
									rel="noopener noreferrer nofollow"
									className="hover:text-brand-700 underline-offset-2 hover:underline"
								>
									{title}
								</a>
							) : source.kind === 'text' ? (
								<a href="#knowledge-text" className="hover:text-brand-700 underline-offset-2 hover:underline">
									{title}
								</a>
							) : (
								title
							)}
						</p>
						<StatusBadge source={source} />
					</div>
					<p className="mt-0.5 text-xs text-slate-500">
						{copy.kinds[source.kind]}
						{sourceFacts(source) ? ` · ${sourceFacts(source)}` : ''}
					</p>
					{active && crawled ? (
						<div
							role="progressbar"
							aria-label={`${copy.kinds[source.kind]} import`}
							aria-valuemin={0}
							aria-valuemax={100}
							aria-valuenow={progress}
							className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100"
						>
							<div
								className="bg-brand-500 h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none"
								style={{ width: `${Math.max(4, progress)}%` }}
							/>
						</div>
					) : null}
					{source.error && source.status !== 'ready' ? (
						<p className="mt-1.5 flex items-start gap-1.5 text-xs text-rose-700">
							<AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
							<span className="[overflow-wrap:anywhere]">{source.error}</span>
						</p>
					) : null}
					{source.problems.length > 0 ? <ProblemList source={source} pagePath={pagePath} /> : null}
					{source.kind === 'text' ? null : (
						<>
							<div className="mt-3 flex flex-wrap items-center gap-2">
								{active ? (
									<SourceAction action="cancel" pagePath={pagePath} sourceId={source.id} />
								) : crawled ? (
									<SourceAction action="resync" pagePath={pagePath} sourceId={source.id} />
								) : null}
								{crawled ? <ScheduleForm source={source} pagePath={pagePath} /> : null}
								{confirmingRemove ? null : <RemoveSource source={source} pagePath={pagePath} confirming={false} />}
							</div>
							{confirmingRemove ? <RemoveSource source={source} pagePath={pagePath} confirming /> : null}
						</>
					)}
				</div>
			</div>
		</li>
	)
}

/**
 * Why pages were not indexed: the newest 20 here, and a link to the source's own page, which lists
 * every one of them (failed and skipped apart) in pages of 50.
 */
function ProblemList({ source, pagePath }: { source: SourceSummary; pagePath: string }) {
	const total = source.pagesFailed + source.pagesSkipped
	return (
		<details className="mt-2 text-xs">
			<summary className="cursor-pointer font-medium text-slate-700 hover:text-slate-900">
				{copy.problems(total)}
			</summary>
			<ul className="mt-1.5 space-y-1">
				{source.problems.map((problem) => (
					<li key={problem.url} className="rounded-lg bg-slate-50 px-2.5 py-1.5 ring-1 ring-slate-200">
						<span className="block font-medium [overflow-wrap:anywhere] text-slate-800">{problem.url}</span>
						<span className={problem.status === 'failed' ? 'text-rose-700' : 'text-slate-600'}>
							{copy.problemsPage.statuses[problem.status === 'failed' ? 'failed' : 'skipped']}: {problem.error}
						</span>
					</li>
				))}
			</ul>
			{total > source.problems.length ? (
				<Link
					to={`${pagePath}/sources/${source.id}`}
					className="text-brand-700 mt-1.5 inline-flex font-semibold hover:underline"
				>
					{copy.allProblems(total)}
				</Link>
			) : null}
		</details>
	)
}

function ScheduleForm({ source, pagePath }: { source: SourceSummary; pagePath: string }) {
	const id = useId()
	const hydrated = useHydrated()
	return (
		<Form method="post" action={pagePath} className="inline-flex items-center gap-1.5">
			<input type="hidden" name="intent" value="schedule-source" />
			<input type="hidden" name="sourceId" value={source.id} />
			<label htmlFor={`${id}-schedule`} className="text-xs font-medium text-slate-600">
				{copy.schedule}
			</label>
			<select
				id={`${id}-schedule`}
				name="schedule"
				defaultValue={source.syncSchedule}
				// With JavaScript a choice saves itself; without it, Save posts the form.
				onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
				className="focus:ring-brand-500 h-8 rounded-lg border-0 bg-white py-0 pr-7 pl-2 text-xs text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2"
			>
				{SYNC_SCHEDULES.map((schedule) => (
					<option key={schedule} value={schedule}>
						{copy.schedules[schedule]}
					</option>
				))}
			</select>
			{hydrated ? null : (
				<Button type="submit" variant="ghost" size="sm" className="h-8 px-2.5 text-xs">
					{copy.saveSchedule}
				</Button>
			)}
		</Form>
	)
}

const crawlNumberFields = [
	{ name: 'maxPages', label: copy.maxPages, min: 1, limits: crawlLimits.pages },
	{ name: 'maxDepth', label: copy.maxDepth, min: 0, limits: crawlLimits.depth },
	{ name: 'maxMegabytes', label: copy.maxMegabytes, min: 1, limits: crawlLimits.megabytes },
]

/** A source form's submit button, busy while its form (`intent`) is being sent. */
function AddSourceButton({ intent, icon, children }: { intent: string; icon: typeof Globe; children: string }) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
	return (
		<SourceButton busy={busy} icon={icon}>
			{children}
		</SourceButton>
	)
}

function AddFileForm({ pagePath }: { pagePath: string }) {
	const id = useId()
	return (
		<Form method="post" encType="multipart/form-data" action={pagePath} className="contents">
			<SourceTile icon={Upload} title={copy.addFiles}>
				<input type="hidden" name="intent" value="add-files" />
				<SourceFilesInput id={`${id}-file`} label={copy.addFiles} hint={formCopy.uploadHint} required />
				<AddSourceButton intent="add-files" icon={FileText}>
					{copy.addFilesButton}
				</AddSourceButton>
			</SourceTile>
		</Form>
	)
}

function AddWebsiteForm({ pagePath }: { pagePath: string }) {
	const id = useId()
	const [scope, setScope] = useState<ImportScope>('site')
	return (
		<Form method="post" action={pagePath} className="contents">
			<SourceTile icon={Globe} title={copy.addWebsite}>
				<input type="hidden" name="intent" value="add-website" />
				<Field
					label={copy.addWebsite}
					hideLabel
					name="url"
					type="text"
					inputMode="url"
					autoComplete="url"
					required
					placeholder={copy.urlPlaceholder}
				/>
				<div>
					<ScopeChoice value={scope} onChange={setScope} order={['site', 'page']} describedBy={`${id}-scope-hint`} />
					<p id={`${id}-scope-hint`} className="mt-1 text-xs text-slate-500">
						{copy.scopeHints[scope]}
					</p>
				</div>
				<details className="group rounded-xl bg-white px-3 py-2 ring-1 ring-slate-200">
					<summary className="cursor-pointer text-sm font-medium text-slate-800">{copy.settings}</summary>
					<div className="mt-3 grid gap-3 @md:grid-cols-3">
						{crawlNumberFields.map(({ name, label, min, limits }) => (
							<Field
								key={name}
								label={label}
								name={name}
								type="number"
								min={min}
								max={limits.max}
								placeholder={String(limits.default)}
							/>
						))}
					</div>
					<div className="mt-3 grid gap-3 @md:grid-cols-2">
						<TextareaField
							label={copy.include}
							name="include"
							rows={2}
							placeholder="/docs/*"
							hint={<p className="mt-1 text-xs text-slate-500">{copy.patternsHint}</p>}
						/>
						<TextareaField label={copy.exclude} name="exclude" rows={2} placeholder="/blog/tag/*" />
					</div>
					<SelectField
						className="mt-3 mb-1"
						label={copy.schedule}
						name="schedule"
						defaultValue="off"
						options={SYNC_SCHEDULES.map((schedule) => ({ value: schedule, label: copy.schedules[schedule] }))}
					/>
				</details>
				<AddSourceButton intent="add-website" icon={Globe}>
					{copy.importButton}
				</AddSourceButton>
			</SourceTile>
		</Form>
	)
}

export function KnowledgeSources({
	sources,
	pagePath,
	confirmingRemove = null,
	owner = copy.owners.chatbot,
}: {
	sources: SourceSummary[]
	pagePath: string
	/** The source whose Remove was asked (`?remove-source=<id>`): its row shows the confirmation. */
	confirmingRemove?: string | null
	/** Whose sources these are, in the section's words (a voice assistant's too, ADR 0054). */
	owner?: { intro: string; listLabel: string }
}) {
	const running = sources.filter(isImporting)
	const listed = sources.filter((source) => source.kind !== 'text' || source.chars > 0)
	const liveSummary = running
		.map((source) =>
			source.pagesFound > 0
				? `${source.origin}: ${source.pagesDone} of ${source.pagesFound} pages done`
				: `${source.origin || copy.kinds[source.kind]}: ${statusLabel(source)}`,
		)
		.join('. ')
	return (
		<section id="sources" aria-labelledby="sources-heading" className={cn('scroll-mt-24', builderCardClass)}>
			<BuilderCardTitle id="sources-heading">{copy.title}</BuilderCardTitle>
			<p className="mt-1 text-sm text-slate-600">{owner.intro}</p>
			<p className="sr-only" aria-live="polite">
				{liveSummary}
			</p>
			<div className="mt-5 grid gap-4 @xl:grid-cols-2">
				<AddFileForm pagePath={pagePath} />
				<AddWebsiteForm pagePath={pagePath} />
			</div>
			{listed.length > 0 ? (
				<ul aria-label={owner.listLabel} className="mt-6 divide-y divide-slate-200 border-t border-slate-200 pt-4">
					{listed.map((source) => (
						<SourceRow
							key={source.id}
							source={source}
							pagePath={pagePath}
							confirmingRemove={confirmingRemove === source.id}
						/>
					))}
				</ul>
			) : null}
		</section>
	)
}
