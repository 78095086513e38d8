// The address a visitor just signed up with, for the "Check your inbox" page: a signed, HttpOnly
// cookie for one hour, so the address never travels in a URL (or a server log).
import { createCookie } from 'react-router'
import { cookieDefaults } from '~/lib/cookie.server.ts'

function pendingSignupCookie() {
	return createCookie('pending-signup', { ...cookieDefaults(), maxAge: 60 * 60 })
}

export function rememberPendingSignup(email: string) {
	return pendingSignupCookie().serialize(email)
}

export async function pendingSignupEmail(request: Request) {
	const value = (await pendingSignupCookie().parse(request.headers.get('Cookie'))) as unknown
	return typeof value === 'string' && value.length <= 254 ? value : null
}
