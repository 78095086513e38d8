// OWASP's "device cookie" defence against online guessing: a browser that has signed in to an
// account before gets a signed cookie naming the account. Its failed sign-ins count against its own
// limit, not the account's shared one, so an attacker guessing from elsewhere can slow the account
// down for strangers but never lock its owner out of a browser they already use.
import crypto from 'node:crypto'
import { createCookie } from 'react-router'
import { cookieDefaults } from '~/lib/cookie.server.ts'

const DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60

function deviceCookie() {
	return createCookie('device', { ...cookieDefaults(), maxAge: DEVICE_TTL_SECONDS })
}

export type TrustedDevice = { id: string; email: string }

/** The trusted device this request comes from, if its cookie is for `email`. */
export async function trustedDeviceFor(request: Request, email: string): Promise<TrustedDevice | null> {
	const value = (await deviceCookie().parse(request.headers.get('Cookie'))) as unknown
	if (!value || typeof value !== 'object') return null
	const { id, email: cookieEmail } = value as Record<string, unknown>
	if (typeof id !== 'string' || !/^[\w-]{22}$/.test(id) || cookieEmail !== email) return null
	return { id, email }
}

/** The Set-Cookie that marks this browser as one the account's owner signed in from. */
export function trustDevice(email: string) {
	return deviceCookie().serialize({ id: crypto.randomBytes(16).toString('base64url'), email })
}
