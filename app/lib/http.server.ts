// HTTP helpers for routes: JSON errors, capped JSON bodies, and the headers of private pages.
import { NUL_REFUSED } from './forms.server.ts'

/** A signed-in page or answer: never stored by a shared cache, renewing the session cookie when it changed. */
export function privateHeaders(setCookie?: string | null): HeadersInit {
	return setCookie
		? { 'Cache-Control': 'private, no-store', 'Set-Cookie': setCookie }
		: { 'Cache-Control': 'private, no-store' }
}

/**
 * The `headers` export of private route modules (the Playground layout covers its pages; the account
 * pages carry tokens). React Router copies only Set-Cookie from a loader's `data()` init, so a page
 * and its `.data` requests get Cache-Control from here; child routes without `headers` inherit it.
 */
export const privateRouteHeaders = () => ({ 'Cache-Control': 'private, no-store' })

/** The JSON APIs' error shape: { error } with a 4xx/5xx status. */
export const jsonError = (error: string, status: number, headers?: HeadersInit) =>
	Response.json({ error }, { status, headers })

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
	jsonError(message, 429, { 'Retry-After': String(retryAfterSeconds) })

/** The JSON APIs answer POST only. */
export const postOnly = () => jsonError('Use POST.', 405)

/** A private CSV download named `filename`; 404 when there is none (not the user's). */
export const csvDownload = (csv: string | null, filename: string) =>
	csv === null
		? new Response('Not found.', { status: 404 })
		: new Response(csv, {
				headers: {
					'Content-Type': 'text/csv; charset=utf-8',
					'Content-Disposition': `attachment; filename="${filename}"`,
					'Cache-Control': 'private, no-store',
				},
			})

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; message: string }

export async function readJsonBody(
	request: Request,
	{ maxBytes, tooLarge, requireJsonType = false }: { maxBytes: number; tooLarge: string; requireJsonType?: boolean },
): Promise<JsonBody> {
	if (requireJsonType && !/application\/json/i.test(request.headers.get('content-type') ?? '')) {
		return { ok: false, status: 415, message: 'Send JSON (Content-Type: application/json).' }
	}
	if (Number(request.headers.get('content-length')) > maxBytes) return { ok: false, status: 413, message: tooLarge }
	const raw = await request.text()
	if (Buffer.byteLength(raw) > maxBytes) return { ok: false, status: 413, message: tooLarge }
	let value: unknown
	try {
		value = JSON.parse(raw) as unknown
	} catch {
		return { ok: false, status: 400, message: 'The request body is not valid JSON.' }
	}
	if (holdsNul(value)) return { ok: false, status: 400, message: NUL_REFUSED }
	return { ok: true, value }
}

/** Whether any string of a parsed JSON value, key or value, holds a NUL character (lib/forms.server.ts). */
function holdsNul(value: unknown): boolean {
	const pending: unknown[] = [value]
	while (pending.length > 0) {
		const next = pending.pop()
		if (typeof next === 'string') {
			if (next.includes('\0')) return true
		} else if (Array.isArray(next)) pending.push(...next)
		else if (next && typeof next === 'object')
			for (const [key, item] of Object.entries(next)) {
				if (key.includes('\0')) return true
				pending.push(item)
			}
	}
	return false
}
