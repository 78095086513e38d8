// The embedded chat widget's settings: how it looks (colour, title, avatar, welcome, suggested
// questions, launcher) and where it may run (allowed sites). One schema for the form, in the browser
// and on the server; the colour and site rules are shared with the embed page and its config.
// docs/decisions/0018-embed-widget.md
import { z } from 'zod'
import {
	DEFAULT_LEAD_FORM,
	LEAD_FIELD_STATES,
	LEAD_FORM_MODES,
	type LeadFormSettings,
} from '~/features/chatbots/conversations/conversation-schema.ts'

export const WIDGET_ICONS = ['bot', 'message', 'sparkles', 'headset', 'smile'] as const
export type WidgetIcon = (typeof WIDGET_ICONS)[number]
export const LAUNCHER_POSITIONS = ['right', 'left'] as const
const MAX_SUGGESTED_QUESTIONS = 4
const MAX_ALLOWED_SITES = 20

export type WidgetAppearance = {
	brandColor: string
	title: string
	subtitle: string
	icon: WidgetIcon
	welcomeMessage: string
	suggestedQuestions: string[]
	placeholder: string
	launcherPosition: (typeof LAUNCHER_POSITIONS)[number]
	launcherLabel: string
	showSources: boolean
	/** The uploaded picture's version ('' when there is none: the icon is shown). */
	avatar: string
	/** Whether and when the widget asks for the visitor's contact details. */
	leadForm: LeadFormSettings
}

/** What a chatbot's widget looks like before its owner changes anything (empty texts: the defaults). */
export const DEFAULT_APPEARANCE: WidgetAppearance = {
	brandColor: '#4f46e5',
	title: '',
	subtitle: '',
	icon: 'bot',
	welcomeMessage: '',
	suggestedQuestions: [],
	placeholder: '',
	launcherPosition: 'right',
	launcherLabel: '',
	showSources: false,
	avatar: '',
	leadForm: DEFAULT_LEAD_FORM,
}

/** The stored appearance (any shape: older rows, hand edits) read field by field over the defaults. */
export function appearanceOf(stored: unknown): WidgetAppearance {
	const appearance = { ...DEFAULT_APPEARANCE }
	if (!stored || typeof stored !== 'object') return appearance
	for (const [key, schema] of Object.entries(StoredAppearanceSchema.shape)) {
		const parsed = schema.safeParse((stored as Record<string, unknown>)[key])
		if (parsed.success && parsed.data !== undefined) Object.assign(appearance, { [key]: parsed.data })
	}
	// A lead form asks for a way to reach the visitor, whatever was saved: with the form off (saved
	// then with every field off) a handoff that nobody took still offers it (ADR 0061), and it took
	// empty leads (attacker trial).
	const { fields } = appearance.leadForm
	if (fields.email === 'off' && fields.phone === 'off')
		appearance.leadForm = { ...appearance.leadForm, fields: { ...fields, email: 'required' } }
	return appearance
}

/** The header the embed page's chat sends its token in (widget.server.ts issues and checks it). */
export const EMBED_TOKEN_HEADER = 'x-embed-token'
/** The query parameter that carries the embed page's token when the page loads itself again (its no-JavaScript lead form). */
export const EMBED_TOKEN_PARAM = 'token'

// ─── Colour ──────────────────────────────────────────────────────────────────────────────────────

const HEX = /^#[0-9a-f]{6}$/i

function luminance(hex: string) {
	const channel = (i: number) => {
		const value = Number.parseInt(hex.slice(i, i + 2), 16) / 255
		return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
	}
	return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string) {
	const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
	return (light + 0.05) / (dark + 0.05)
}

const WHITE = '#ffffff'
const INK = '#000000'
/** The text colour on the brand colour: white or black, whichever contrasts more (always AA, 4.58:1 at worst). */
export const textColorOn = (brand: string) => (contrastRatio(brand, WHITE) >= contrastRatio(brand, INK) ? WHITE : INK)

const hex = (channels: number[]) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
const channelsOf = (color: string) => [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16))
/** `color` mixed with `other`, `share` of `color` (0 to 1). */
const mix = (color: string, other: string, share: number) => {
	const [a, b] = [channelsOf(color), channelsOf(other)]
	return hex(a.map((c, i) => c * share + b[i] * (1 - share)))
}

/** The brand colour darkened until small text in it on white passes AA (4.5:1). */
function readableOnWhite(brand: string) {
	let shade = brand
	for (let share = 0.95; contrastRatio(shade, WHITE) < 4.5 && share > 0; share -= 0.05) shade = mix(brand, INK, share)
	return shade
}

/**
 * The widget's colours as the CSS variables the chat's components use: the brand colour for the
 * header, the visitor's bubbles and the send button, with text that contrasts on it, and a darker
 * shade for links and small text on white.
 */
export function widgetTheme(brand: string): Record<string, string> {
	return {
		'--color-brand-50': mix(brand, WHITE, 0.08),
		'--color-brand-100': mix(brand, WHITE, 0.16),
		'--color-brand-200': mix(brand, WHITE, 0.3),
		'--color-brand-500': brand,
		'--color-brand-600': brand,
		'--color-brand-700': readableOnWhite(brand),
		'--color-on-brand': textColorOn(brand),
	}
}

/**
 * The launcher and the visitor's bubbles sit on white pages: the brand colour needs 3:1 against white
 * (WCAG's minimum for controls and large text) to be seen at all.
 */
const MIN_CONTRAST_ON_WHITE = 3

// ─── Allowed sites ───────────────────────────────────────────────────────────────────────────────

/**
 * An allowed site as the owner typed it ("https://www.acme.in/", "*.acme.in", "localhost:3000") made
 * a host pattern: lower case, no scheme, path or trailing dot; a port only when given. Null if it is
 * not a host name.
 */
export function sitePattern(input: string): string | null {
	let value = input.trim().toLowerCase()
	if (!value) return null
	value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
	// Cut at the path, query or fragment by position: `/[/?#].*$/` went on from every "?" of a line
	// to its end, quadratic on a long one (ADR 0024).
	const pathStart = value.search(/[/?#]/)
	if (pathStart >= 0) value = value.slice(0, pathStart)
	const match =
		/^(\*\.)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.?(?::(\d{1,5}))?$/.exec(
			value,
		)
	if (!match) return null
	const [, wildcard = '', host, port] = match
	if (port && (Number(port) < 1 || Number(port) > 65535)) return null
	// "*.com" would allow the whole of a top-level domain ("*.localhost", for local testing, is fine).
	if (wildcard && !host.includes('.') && host !== 'localhost') return null
	return `${wildcard}${host}${port ? `:${port}` : ''}`
}

/**
 * Whether a page's origin ("https://shop.acme.in", "http://127.0.0.1:3975") is one of the allowed
 * site patterns. A pattern without a port allows the host on any port: "127.0.0.1" covers
 * "http://127.0.0.1:3975", as an owner who typed the host expects. A pattern with a port allows that
 * port only ("localhost:3000"; "acme.in:443" is https://acme.in).
 */
export function originAllowed(origin: string, patterns: string[]) {
	let url: URL
	try {
		url = new URL(origin)
	} catch {
		return false
	}
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
	const host = url.hostname.toLowerCase()
	const port = url.port || (url.protocol === 'https:' ? '443' : '80')
	return patterns.some((pattern) => {
		const [hostPattern, onlyPort] = pattern.split(':')
		if (onlyPort && onlyPort !== port) return false
		return hostPattern.startsWith('*.') ? host.endsWith(hostPattern.slice(1)) : host === hostPattern
	})
}

// ─── The form ────────────────────────────────────────────────────────────────────────────────────

const text = (max: number, label: string) =>
	z.string().trim().max(max, `Keep the ${label} under ${max} characters.`).default('')

const lines = (value: string) =>
	value
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean)

const AppearanceFields = {
	brandColor: z
		.string()
		.trim()
		.regex(HEX, 'Enter the colour as #RRGGBB, for example #4F46E5.')
		.transform((value) => value.toLowerCase())
		.superRefine((value, context) => {
			const ratio = contrastRatio(value, WHITE)
			if (ratio < MIN_CONTRAST_ON_WHITE)
				context.addIssue({
					code: 'custom',
					message: `This colour is too light to see on a white page (${ratio.toFixed(1)}:1 against white; at least ${MIN_CONTRAST_ON_WHITE}:1 is needed). Choose a darker shade.`,
				})
		}),
	title: text(60, 'title'),
	subtitle: text(80, 'subtitle'),
	icon: z.enum(WIDGET_ICONS, 'Choose one of the icons.'),
	welcomeMessage: text(500, 'welcome message'),
	placeholder: text(80, 'placeholder'),
	launcherPosition: z.enum(LAUNCHER_POSITIONS, 'Choose bottom right or bottom left.'),
	launcherLabel: text(30, 'launcher label'),
}

const StoredAppearanceSchema = z
	.object({
		...AppearanceFields,
		suggestedQuestions: z.array(z.string().max(120)).max(MAX_SUGGESTED_QUESTIONS),
		showSources: z.boolean(),
		avatar: z.string().regex(/^[\w-]{0,64}$/),
		leadForm: z.object({
			mode: z.enum(LEAD_FORM_MODES),
			afterMessages: z.number().int().min(1).max(20),
			fields: z.object({
				name: z.enum(LEAD_FIELD_STATES),
				email: z.enum(LEAD_FIELD_STATES),
				phone: z.enum(LEAD_FIELD_STATES),
			}),
		}),
	})
	.partial()

/** The widget settings form: text fields, one suggested question and one site per line. */
export const WidgetSettingsSchema = z
	.object({
		...AppearanceFields,
		suggestedQuestions: z
			.string()
			.max(1000, 'Keep the suggested questions under 1,000 characters.')
			.default('')
			.transform(lines)
			.pipe(
				z
					.array(z.string().max(120, 'Keep each suggested question under 120 characters.'))
					.max(MAX_SUGGESTED_QUESTIONS, `Suggest at most ${MAX_SUGGESTED_QUESTIONS} questions.`),
			),
		showSources: z
			.string()
			.optional()
			.transform((value) => value === 'on' || value === 'true'),
		leadForm: z.enum(LEAD_FORM_MODES, 'Choose when to ask for contact details.').default(DEFAULT_LEAD_FORM.mode),
		leadAfter: z.coerce
			.number('Enter a number of messages.')
			.int('Enter a whole number of messages.')
			.min(1, 'Ask after 1 to 20 messages.')
			.max(20, 'Ask after 1 to 20 messages.')
			.default(DEFAULT_LEAD_FORM.afterMessages),
		leadName: z.enum(LEAD_FIELD_STATES, 'Choose whether to ask for a name.').default(DEFAULT_LEAD_FORM.fields.name),
		leadEmail: z
			.enum(LEAD_FIELD_STATES, 'Choose whether to ask for an e-mail address.')
			.default(DEFAULT_LEAD_FORM.fields.email),
		leadPhone: z
			.enum(LEAD_FIELD_STATES, 'Choose whether to ask for a phone number.')
			.default(DEFAULT_LEAD_FORM.fields.phone),
		allowedSites: z
			.string()
			.max(4000, 'That list is too long.')
			.default('')
			.transform((value, context) => {
				const patterns: string[] = []
				for (const line of lines(value)) {
					const pattern = sitePattern(line)
					if (!pattern) {
						context.addIssue({
							code: 'custom',
							message: `"${line.slice(0, 80)}" is not a site address. Use a host such as www.example.com or *.example.com.`,
						})
						return z.NEVER
					}
					if (!patterns.includes(pattern)) patterns.push(pattern)
				}
				if (patterns.length > MAX_ALLOWED_SITES) {
					context.addIssue({ code: 'custom', message: `List at most ${MAX_ALLOWED_SITES} sites.` })
					return z.NEVER
				}
				return patterns
			}),
	})
	.superRefine((form, context) => {
		// A lead is someone to get back to: an e-mail address or a phone number has to be asked for.
		if (form.leadForm !== 'off' && form.leadEmail === 'off' && form.leadPhone === 'off')
			context.addIssue({
				code: 'custom',
				path: ['leadEmail'],
				message: 'Ask for an e-mail address or a phone number, or switch the lead form off.',
			})
	})
export type WidgetSettingsForm = z.infer<typeof WidgetSettingsSchema>
export type WidgetSettingsField = keyof WidgetSettingsForm
/** The form's fields as typed (strings), for showing them back. */
export type WidgetSettingsValues = Record<WidgetSettingsField, string>

export function formValuesOf(appearance: WidgetAppearance, allowedSites: string[]): WidgetSettingsValues {
	return {
		brandColor: appearance.brandColor,
		title: appearance.title,
		subtitle: appearance.subtitle,
		icon: appearance.icon,
		welcomeMessage: appearance.welcomeMessage,
		suggestedQuestions: appearance.suggestedQuestions.join('\n'),
		placeholder: appearance.placeholder,
		launcherPosition: appearance.launcherPosition,
		launcherLabel: appearance.launcherLabel,
		showSources: appearance.showSources ? 'on' : '',
		leadForm: appearance.leadForm.mode,
		leadAfter: String(appearance.leadForm.afterMessages),
		leadName: appearance.leadForm.fields.name,
		leadEmail: appearance.leadForm.fields.email,
		leadPhone: appearance.leadForm.fields.phone,
		allowedSites: allowedSites.join('\n'),
	}
}

/** The saved form as the stored appearance and allowed sites. */
export function settingsOf(form: WidgetSettingsForm): {
	appearance: Omit<WidgetAppearance, 'avatar'>
	allowedSites: string[]
} {
	const { allowedSites, leadForm, leadAfter, leadName, leadEmail, leadPhone, ...appearance } = form
	return {
		appearance: {
			...appearance,
			leadForm: {
				mode: leadForm,
				afterMessages: leadAfter,
				fields: { name: leadName, email: leadEmail, phone: leadPhone },
			},
		},
		allowedSites,
	}
}
