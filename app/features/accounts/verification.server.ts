// E-mail verification links: an HMAC-signed token naming the user and the address it was sent to,
// valid for 24 hours. Nothing is stored; changing the address or verifying makes old links useless.
import crypto from 'node:crypto'
import { getSessionSecret } from '~/lib/session-secret.server.ts'

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000

function sign(payload: string) {
	return crypto.createHmac('sha256', getSessionSecret()).update(`verify-email:${payload}`).digest('base64url')
}

export function createVerificationToken(userId: string, email: string, now = Date.now()) {
	const payload = Buffer.from(JSON.stringify({ u: userId, e: email, x: now + VERIFICATION_TTL_MS })).toString(
		'base64url',
	)
	return `${payload}.${sign(payload)}`
}

export function readVerificationToken(token: string, now = Date.now()): { userId: string; email: string } | null {
	const [payload, signature] = token.split('.')
	if (!payload || !signature) return null
	const expected = Buffer.from(sign(payload))
	const given = Buffer.from(signature)
	if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
	try {
		const { u, e, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
		if (typeof u !== 'string' || typeof e !== 'string' || typeof x !== 'number' || x < now) return null
		return { userId: u, email: e }
	} catch {
		return null
	}
}
