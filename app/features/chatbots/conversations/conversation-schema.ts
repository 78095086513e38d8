// The conversation logs' forms and request bodies, one schema each, shared by the browser and the
// server: the widget's feedback and lead form, the owner's filters, a conversation's Delete, "Add an
// answer", retention and the lead webhook. docs/decisions/0019-conversation-logs.md
import { z } from 'zod'

const id = z.string().regex(/^[\w-]{8,64}$/, 'Not a valid id.')

/** The widget's thumbs up or down on an answer (null takes it back), with a comment on a thumbs down. */
export const FeedbackSchema = z.object({
	visitorId: id,
	messageId: z.uuid('Not a valid answer.'),
	rating: z.enum(['up', 'down']).nullable(),
	comment: z.string().trim().max(500, 'Keep the comment under 500 characters.').optional(),
})

// ─── Leads ───────────────────────────────────────────────────────────────────────────────────────

export const LEAD_FIELDS = ['name', 'email', 'phone'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]
export const LEAD_FIELD_STATES = ['off', 'optional', 'required'] as const
export type LeadFieldState = (typeof LEAD_FIELD_STATES)[number]
/** When the widget asks for contact details: never, before the chat, when the visitor asks for a person, after N messages. */
export const LEAD_FORM_MODES = ['off', 'before', 'human', 'after'] as const
export type LeadFormMode = (typeof LEAD_FORM_MODES)[number]

export type LeadFormSettings = {
	mode: LeadFormMode
	afterMessages: number
	fields: Record<LeadField, LeadFieldState>
}

export const DEFAULT_LEAD_FORM: LeadFormSettings = {
	mode: 'off',
	afterMessages: 3,
	fields: { name: 'optional', email: 'required', phone: 'off' },
}

/** The most a lead's body may take, as JSON or as the embed page's form. */
export const LEAD_MAX_BYTES = 8192

const PHONE = /^\+?[\d\s().-]{7,20}$/

/** The widget's lead form as the chatbot's settings make it: each field off, optional or required. */
export function leadSchema(fields: Record<LeadField, LeadFieldState>) {
	const field = (state: LeadFieldState, schema: z.ZodType<string, string>, required: string) =>
		state === 'required'
			? z.string({ error: required }).trim().min(1, required).pipe(schema)
			: state === 'off'
				? z
						.unknown()
						.optional()
						.transform(() => undefined)
				: z
						.string()
						.trim()
						.optional()
						.pipe(z.union([z.literal('').transform(() => undefined), schema]).optional())
	return z.object({
		visitorId: id,
		conversationId: id,
		page: z.string().max(2000).optional(),
		name: field(fields.name, z.string().max(100, 'Keep your name under 100 characters.'), 'Enter your name.'),
		email: field(
			fields.email,
			z.string().max(254, 'That e-mail address is too long.').pipe(z.email('Enter a valid e-mail address.')),
			'Enter your e-mail address.',
		),
		phone: field(fields.phone, z.string().regex(PHONE, 'Enter a valid phone number.'), 'Enter your phone number.'),
	})
}
export type LeadForm = z.infer<ReturnType<typeof leadSchema>>

// ─── The owner's views ───────────────────────────────────────────────────────────────────────────

export const CONVERSATION_FILTERS = ['all', 'unanswered', 'thumbs-down', 'thumbs-up'] as const

export const CONVERSATION_KINDS = ['embed', 'test'] as const

/** The years a date filter may name: PostgreSQL has no year 0, and nothing was logged before 2000 or after 2999. */
const FILTER_YEARS = { min: 2000, max: 2999 }

/**
 * A calendar date as a date input sends it, "YYYY-MM-DD", that exists (no 2026-02-30, no month 13)
 * in a sane year; null for anything else. A regex alone let PostgreSQL reject the rest with a 500.
 */
export function calendarDate(value: unknown): string | null {
	if (typeof value !== 'string') return null
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
	if (!match) return null
	const [year, month, day] = match.slice(1).map(Number)
	if (year < FILTER_YEARS.min || year > FILTER_YEARS.max) return null
	const date = new Date(Date.UTC(year, month - 1, day))
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null
}

/**
 * The Conversations list's keyset cursor, "<last_message_at as ISO 8601 UTC>_<conversation id>",
 * read into its parts only when both are what the list itself writes: a real instant (up to
 * microseconds, as PostgreSQL keeps them) and a uuid. Null for anything else.
 */
export function listCursor(value: unknown): { at: string; id: string } | null {
	if (typeof value !== 'string') return null
	const match =
		/^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?Z_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
			value,
		)
	if (!match) return null
	const [, date, hours, minutes, seconds, id] = match
	if (!calendarDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null
	return { at: value.slice(0, value.lastIndexOf('_')), id }
}

/** A date filter: a real date, or left out (the page says which one it left out). */
const dateFilter = z
	.unknown()
	.transform((value) => calendarDate(value) ?? undefined)
	.optional()

/** The Conversations list's query string; anything unreadable falls back to its default. */
export const ConversationListQuerySchema = z.object({
	q: z.string().trim().max(200).optional().catch(undefined),
	filter: z.enum(CONVERSATION_FILTERS).catch('all'),
	kind: z.enum(CONVERSATION_KINDS).catch('embed'),
	from: dateFilter,
	to: dateFilter,
	/** The keyset cursor: the last row shown (see listCursor); a malformed one starts from the newest. */
	after: z
		.unknown()
		.transform((value) => (listCursor(value) ? (value as string) : undefined))
		.optional(),
})
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>

/** A conversation's own page posts one thing: the confirmed Delete. */
export const ConversationActionSchema = z.object({ intent: z.literal('delete', 'Unknown action.') })

export const INSIGHT_PERIODS = ['7', '30', '90'] as const
export const InsightsQuerySchema = z.object({ days: z.enum(INSIGHT_PERIODS).catch('30') })

/** "Add an answer" to an unanswered question: it becomes part of the chatbot's typed knowledge. */
export const AddAnswerSchema = z.object({
	question: z.string().trim().min(1, 'The question is missing.').max(500, 'Keep the question under 500 characters.'),
	answer: z
		.string({ error: 'Write the answer.' })
		.trim()
		.min(1, 'Write the answer.')
		.max(4000, 'Keep the answer under 4,000 characters.'),
	/** The unanswered replies this answers (hidden fields), marked resolved. */
	messageIds: z.array(z.uuid()).max(200).default([]),
})

export const RETENTION_CHOICES = [7, 30, 90, 180, 365] as const
export const RetentionSchema = z.object({
	retentionDays: z.coerce
		.number({ error: 'Choose how long to keep conversations.' })
		.refine(
			(days) => (RETENTION_CHOICES as readonly number[]).includes(days),
			'Choose how long to keep conversations.',
		),
})

/** A lead's Delete, once confirmed: which lead. */
export const LeadRowSchema = z.object({ id: z.uuid() })

export const WebhookSchema = z.object({
	webhookUrl: z
		.string()
		.trim()
		.max(2000, 'That address is too long.')
		.refine(
			(value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value),
			'Enter an address that starts with https://.',
		)
		.default(''),
})
