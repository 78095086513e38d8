// The forms that add knowledge sources to a chatbot, validated the same way in the browser and on
// the server, and the limits they work within. Nothing here may pull server code into the client.
import { z } from 'zod'
import { WebsiteUrlSchema } from '~/features/chatbots/chatbot-schema.ts'

export const SOURCE_KINDS = ['text', 'file', 'page', 'website'] as const
export type SourceKind = (typeof SOURCE_KINDS)[number]
export const SOURCE_STATUSES = ['queued', 'running', 'ready', 'failed', 'cancelled'] as const
export type SourceStatus = (typeof SOURCE_STATUSES)[number]
export const SYNC_SCHEDULES = ['off', 'daily', 'weekly'] as const
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number]

export const crawlLimits = {
	pages: { default: 100, max: 1_000 },
	depth: { default: 5, max: 10 },
	megabytes: { default: 50, max: 200 },
	patterns: 20,
}

/** Per user, across all their chatbots. */
export const sourceLimits = { sourcesPerUser: 100, pagesPerUser: 5_000 }

/** A blank number field means its default. */
const optionalCount = (min: number, max: number, message: string) =>
	z.preprocess(
		(value) => (value === '' || value === null ? undefined : value),
		z.coerce.number().int(message).min(min, message).max(max, message).optional(),
	)

/** Path patterns, one per line (or comma-separated): `/docs/*`, `/blog`. `*` matches anything. */
const PathPatterns = z
	.string()
	.max(4000, 'Keep the patterns under 4,000 characters.')
	.optional()
	.transform((value) =>
		(value ?? '')
			.split(/[\n,]/)
			.map((pattern) => pattern.trim())
			.filter(Boolean),
	)
	.refine((patterns) => patterns.length <= crawlLimits.patterns, `Use at most ${crawlLimits.patterns} patterns.`)
	.refine(
		(patterns) => patterns.every((pattern) => pattern.startsWith('/') && pattern.length <= 200),
		'Each pattern is a path that starts with /, such as /docs/*.',
	)

export const WebsiteSourceSchema = z.object({
	url: WebsiteUrlSchema.pipe(
		z
			.string()
			.min(1, 'Enter the address of a page or site.')
			.refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
				message: 'Enter a web address that starts with http:// or https://.',
			}),
	),
	scope: z.enum(['page', 'site']).catch('page'),
	maxPages: optionalCount(
		1,
		crawlLimits.pages.max,
		`Choose between 1 and ${crawlLimits.pages.max.toLocaleString('en-US')} pages.`,
	),
	maxDepth: optionalCount(0, crawlLimits.depth.max, `Choose a depth between 0 and ${crawlLimits.depth.max}.`),
	maxMegabytes: optionalCount(1, crawlLimits.megabytes.max, `Choose between 1 and ${crawlLimits.megabytes.max} MB.`),
	include: PathPatterns,
	exclude: PathPatterns,
	schedule: z.enum(SYNC_SCHEDULES).catch('off'),
})
export type WebsiteSourceForm = z.infer<typeof WebsiteSourceSchema>

/** A source row's buttons (Re-sync, Stop, Remove): which source. */
export const SourceRowSchema = z.object({ sourceId: z.uuid() })
/** A source row's schedule: which source, and how often it is read again. */
export const SourceScheduleSchema = SourceRowSchema.extend({ schedule: z.enum(SYNC_SCHEDULES) })

/** The crawl settings kept on a website source. */
export type CrawlOptions = {
	maxPages: number
	maxDepth: number
	maxBytes: number
	include: string[]
	exclude: string[]
}

export function crawlOptionsOf(form: WebsiteSourceForm): CrawlOptions {
	const single = form.scope === 'page'
	return {
		maxPages: single ? 1 : (form.maxPages ?? crawlLimits.pages.default),
		maxDepth: single ? 0 : (form.maxDepth ?? crawlLimits.depth.default),
		maxBytes: (form.maxMegabytes ?? crawlLimits.megabytes.default) * 1024 * 1024,
		include: single ? [] : form.include,
		exclude: single ? [] : form.exclude,
	}
}

/** One source as the workspace lists it (dates as ISO strings). */
export type SourceSummary = {
	id: string
	kind: SourceKind
	origin: string
	status: SourceStatus
	error: string | null
	syncSchedule: SyncSchedule
	pagesFound: number
	pagesFetched: number
	pagesIndexed: number
	pagesUnchanged: number
	pagesSkipped: number
	pagesFailed: number
	pagesDone: number
	chars: number
	chunkCount: number
	syncedAt: string | null
	/** "5 minutes ago", worded on the server so the page reads the same before and after hydration. */
	syncedAgo: string | null
	createdAt: string
	/** Pages that failed or were skipped in the latest run (the newest 20: all of them are on the source's own page). */
	problems: Array<{ url: string; status: string; error: string }>
}

/** A source whose import (or indexing) is waiting or under way: its page follows it until it ends. */
export const isImporting = (source: Pick<SourceSummary, 'status'>) =>
	source.status === 'queued' || source.status === 'running'

/** How many of a source's pages not indexed its own page lists at a time. */
export const SOURCE_PAGES_PER_PAGE = 50

/** The query of a source's list of pages not indexed: which page of it, and failed or skipped only. */
export const SourceProblemsQuerySchema = z.object({
	page: z.coerce.number().int().min(1).max(1_000).catch(1),
	status: z.enum(['failed', 'skipped']).nullable().catch(null),
})
