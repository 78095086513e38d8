// The embedded widget on the server: an active chatbot with its widget settings, saving them, and
// who may use the widget. The embed page (/embed/:id) is refused when opened directly or framed by
// a site its owner did not allow; when it is allowed it gets a short-lived token, signed by us and
// bound to the chatbot and the framing site, that the chat API requires. docs/decisions/0018-embed-widget.md
import crypto from 'node:crypto'
import { MODEL_CHOICE_COLUMNS } from '~/ai/models.server.ts'
import { isChatbotRow } from '~/features/chatbots/chatbot-scope.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { handoffSettingsOf } from '~/features/chatbots/handoff/handoff-settings.ts'
import { prisma } from '~/lib/db.server.ts'
import type { Upload } from '~/lib/forms.server.ts'
import { formatFileSize, isUuid } from '~/lib/misc.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'
import { getSessionSecret } from '~/lib/session-secret.server.ts'
import {
	appearanceOf,
	EMBED_TOKEN_PARAM,
	originAllowed,
	settingsOf,
	type WidgetSettingsForm,
} from './widget-settings.ts'

/** An active chatbot as its widget needs it; null when it is switched off, deleted or not an id. */
export async function getActiveWidget(id: string) {
	if (!isUuid(id)) return null
	const chatbot = await prisma.chatbot.findFirst({
		// A voice assistant's knowledge base (ADR 0054) has no widget.
		where: { id, isActive: true, voiceAgentId: null },
		select: {
			id: true,
			name: true,
			systemPrompt: true,
			appearance: true,
			allowedSites: true,
			handoff: true,
			...MODEL_CHOICE_COLUMNS,
		},
	})
	return chatbot
		? { ...chatbot, appearance: appearanceOf(chatbot.appearance), handoff: handoffSettingsOf(chatbot.handoff) }
		: null
}

/** Saves a chatbot's widget settings; false when it is not this user's. */
export async function saveWidgetSettings(userId: string, chatbotId: string, form: WidgetSettingsForm) {
	if (!isUuid(chatbotId)) return false
	const { appearance, allowedSites } = settingsOf(form)
	// The picture is saved on its own (saveWidgetAvatar): the form keeps whatever is there.
	const count = await prisma.$executeRaw`
		UPDATE chatbots
		SET appearance = ${JSON.stringify(appearance)}::jsonb || jsonb_build_object('avatar', COALESCE(appearance->'avatar', '""'::jsonb)),
			allowed_sites = ${allowedSites}::text[]
		WHERE id = ${chatbotId}::uuid AND user_id = ${userId}::uuid AND ${isChatbotRow('chatbots')}`
	return count === 1
}

/** Sets (a PNG made by the sandbox) or removes the widget's picture; false when not this user's. */
export async function saveWidgetAvatar(userId: string, chatbotId: string, png: Uint8Array | null) {
	if (!isUuid(chatbotId)) return false
	const version = png ? crypto.createHash('sha256').update(png).digest('base64url').slice(0, 16) : ''
	const count = await prisma.$executeRaw`
		UPDATE chatbots SET avatar = ${png ? Buffer.from(png) : null}, appearance = appearance || jsonb_build_object('avatar', ${version}::text)
		WHERE id = ${chatbotId}::uuid AND user_id = ${userId}::uuid AND ${isChatbotRow('chatbots')}`
	return count === 1
}

/** The largest picture accepted for the widget. */
const MAX_AVATAR_BYTES = 1024 * 1024

/** The uploaded picture's bytes, or why it cannot be the widget's (none chosen, over the cap) before it is read. */
export function checkAvatarUpload(upload: Upload | undefined): { bytes: Uint8Array } | { refusal: string } {
	if (!upload) return { refusal: chatbotBuilder.widget.avatarMissing }
	if ('tooLarge' in upload || upload.bytes.byteLength > MAX_AVATAR_BYTES)
		return { refusal: `Pictures are limited to ${formatFileSize(MAX_AVATAR_BYTES)}.` }
	return { bytes: upload.bytes }
}

/**
 * Makes the widget's picture from an upload: read in the sandbox (a PNG or JPEG, its size checked
 * before decoding) and saved only as the 96 px PNG made there. A picture the sandbox refuses is
 * refused with the reason; nothing is saved then.
 */
export async function setWidgetAvatar(
	userId: string,
	chatbotId: string,
	bytes: Uint8Array,
): Promise<{ saved: true } | { refusal: string }> {
	let png: Uint8Array
	try {
		png = await runInSandbox<Uint8Array>('avatar', [bytes], { owner: userId })
	} catch (error) {
		if (!(error instanceof SandboxError)) throw error
		console.warn(`Widget picture of chatbot ${chatbotId} refused: ${error.reason}: ${error.message}`)
		return {
			refusal: error.reason === 'failed' ? 'The picture could not be read. It may be damaged.' : error.message,
		}
	}
	await saveWidgetAvatar(userId, chatbotId, png)
	return { saved: true }
}

/** An active chatbot's picture, for the widget (null when it has none). */
export async function getWidgetAvatar(chatbotId: string) {
	if (!isUuid(chatbotId)) return null
	const chatbot = await prisma.chatbot.findFirst({
		where: { id: chatbotId, isActive: true, voiceAgentId: null },
		select: { avatar: true },
	})
	return chatbot?.avatar ?? null
}

// ─── Who may use the widget ──────────────────────────────────────────────────────────────────────

/**
 * The page that framed the embed page: the Referer's origin (embed.js asks for it with
 * referrerpolicy="origin"). When the embed page loads itself again (its no-JavaScript lead form
 * posts to it and is redirected back), the Referer is our own page; the site is then the one its
 * signed token names (EMBED_TOKEN_PARAM), when that token is still good for this chatbot.
 */
function framingOrigin(request: Request, chatbot?: { id: string; allowedSites: string[] }) {
	const referer = request.headers.get('referer')
	if (!referer) return null
	try {
		const { origin, host } = new URL(referer)
		// Our own host as the request's address names it: behind a trusted proxy, the forwarded one.
		const own = new URL(request.url)
		if (host === own.host) {
			// Our own page is never the site that framed the chat: the token says which one did, or,
			// when it does not check out, no site is known (and none is noted as refused).
			const carried = own.searchParams.get(EMBED_TOKEN_PARAM)
			return chatbot && carried && !checkEmbedToken(carried, chatbot) ? embedTokenOrigin(carried) : null
		}
		return origin === 'null' ? null : origin
	} catch {
		return null
	}
}

export type EmbedPageAccess =
	| { allowed: true; parentOrigin: string | null }
	/** `framedBy`: the site that framed it, when that site is what is not allowed. */
	| { allowed: false; reason: string; framedBy?: string }

/**
 * Whether the embed page may be shown for this request. With no allowed sites, anywhere (as before
 * the setting existed). Otherwise only inside a frame (Sec-Fetch-Dest, sent by every current
 * browser) on an allowed site; the browser also enforces that through frame-ancestors.
 */
export function embedPageAccess(request: Request, allowedSites: string[], chatbotId?: string): EmbedPageAccess {
	const parentOrigin = framingOrigin(request, chatbotId ? { id: chatbotId, allowedSites } : undefined)
	if (allowedSites.length === 0) return { allowed: true, parentOrigin }
	const destination = request.headers.get('sec-fetch-dest')
	if (destination && destination !== 'iframe') return { allowed: false, reason: 'opened directly, not in a frame' }
	if (!parentOrigin) return { allowed: false, reason: 'no framing site given' }
	if (!originAllowed(parentOrigin, allowedSites))
		return { allowed: false, reason: `framed by ${parentOrigin}`, framedBy: parentOrigin }
	return { allowed: true, parentOrigin }
}

/**
 * The embed page's frame-ancestors: the allowed sites (either scheme), or anywhere. A site without a
 * port is allowed on any port (originAllowed): CSP's own "host" means the scheme's default port only,
 * so it is written "host:*".
 */
export function frameAncestors(allowedSites: string[]) {
	if (allowedSites.length === 0) return '*'
	return allowedSites
		.map((site) => (site.includes(':') ? site : `${site}:*`))
		.flatMap((site) => [`https://${site}`, `http://${site}`])
		.join(' ')
}

/** How long an embed token lasts: a visitor who keeps the page open longer reloads it. */
const TOKEN_TTL_MS = 12 * 60 * 60 * 1000

const tokenKey = () => crypto.createHmac('sha256', getSessionSecret()).update('embed-token/v1').digest()
const sign = (payload: string) => crypto.createHmac('sha256', tokenKey()).update(payload).digest('base64url')

/** A token for the chat API, bound to this chatbot and the site that framed it. */
export function issueEmbedToken(chatbotId: string, parentOrigin: string | null, now = Date.now()) {
	const payload = [chatbotId, Buffer.from(parentOrigin ?? '').toString('base64url'), now + TOKEN_TTL_MS].join('.')
	return `${payload}.${sign(payload)}`
}

/** The site a checked token was issued for ("https://shop.acme.in"), or null when it names none. */
export function embedTokenOrigin(token: string | null) {
	const encoded = token?.split('.')[1]
	const origin = encoded ? Buffer.from(encoded, 'base64url').toString() : ''
	return origin || null
}

/**
 * Whether a chat request's token is ours, for this chatbot, unexpired, and from a site the chatbot
 * still allows (the owner may have removed it since). Returns the reason when it is not.
 */
export function checkEmbedToken(
	token: string | null,
	chatbot: { id: string; allowedSites: string[] },
	now = Date.now(),
) {
	if (!token || token.length > 1000) return 'no token'
	const parts = token.split('.')
	if (parts.length !== 4) return 'a malformed token'
	const [chatbotId, encodedOrigin, expires, signature] = parts
	const expected = Buffer.from(sign(parts.slice(0, 3).join('.')))
	const given = Buffer.from(signature)
	if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'a forged token'
	if (chatbotId !== chatbot.id) return "another chatbot's token"
	if (!(Number(expires) > now)) return 'an expired token'
	const origin = Buffer.from(encodedOrigin, 'base64url').toString()
	if (chatbot.allowedSites.length > 0 && !originAllowed(origin, chatbot.allowedSites))
		return `a token for ${origin || 'no site'}, which is not allowed`
	return null
}

// ─── Sites that show the snippet but are not allowed ─────────────────────────────────────────────

/** At most one write per chatbot a minute, however often a refused site's pages load. */
const REFUSED_WRITE_EVERY_MS = 60_000
const refusedWrittenAt = new Map<string, number>()
/** How long a refusal is shown to the owner: a site that stopped showing the snippet goes quiet. */
const REFUSED_SHOWN_DAYS = 30

/** An http(s) origin as a browser sends it ("http://127.0.0.1:3975"), or null for anything else. */
function originOf(value: string | null) {
	if (!value || value.length > 300) return null
	try {
		const url = new URL(value)
		return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? value : null
	} catch {
		return null
	}
}

/**
 * Notes the site a chatbot's snippet was refused on, for the owner's settings ("Seen on …, not in
 * your allowed sites"): the host page's Origin (the config call) or its framing origin (the embed
 * page). Anyone can send any Origin, so it is only ever shown as what was seen, never trusted, and
 * written at most once a minute per chatbot. A failed write is logged, never the visitor's problem.
 */
export async function noteRefusedOrigin(chatbotId: string, given: string | null, now = Date.now()) {
	const origin = originOf(given)
	if (!origin) return
	const last = refusedWrittenAt.get(chatbotId)
	if (last !== undefined && now - last < REFUSED_WRITE_EVERY_MS) return
	if (refusedWrittenAt.size > 10_000) refusedWrittenAt.clear()
	refusedWrittenAt.set(chatbotId, now)
	try {
		await prisma.$executeRaw`
			UPDATE chatbots SET embed_refused_origin = ${origin}, embed_refused_at = now()
			WHERE id = ${chatbotId}::uuid
				AND (embed_refused_at IS NULL OR embed_refused_at < now() - make_interval(secs => ${REFUSED_WRITE_EVERY_MS / 1000})
					OR embed_refused_origin IS DISTINCT FROM ${origin})`
	} catch (error) {
		console.error(`Chatbot ${chatbotId}: noting a refused embed site failed: ${(error as Error).message}`)
	}
}

/**
 * The refused site to warn the owner about: seen in the last 30 days, and still not allowed (the
 * owner may have added it since). Null when there is none.
 */
export function refusedOriginToShow(
	chatbot: { allowedSites: string[]; embedRefusedOrigin: string | null; embedRefusedAt: Date | null },
	now = Date.now(),
) {
	const { embedRefusedOrigin: origin, embedRefusedAt: at, allowedSites } = chatbot
	if (!origin || !at || allowedSites.length === 0) return null
	if (now - at.getTime() > REFUSED_SHOWN_DAYS * 24 * 60 * 60 * 1000) return null
	return originAllowed(origin, allowedSites) ? null : origin
}
