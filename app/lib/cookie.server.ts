import type { CookieOptions } from 'react-router'
import { getSessionSecret } from './session-secret.server.ts'

/** Every cookie of the app: HttpOnly, SameSite=Lax, Secure in production, signed. */
export function cookieDefaults(): CookieOptions {
	return {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		// Browsers accept Secure cookies from http://localhost, so tests of the production build work.
		secure: process.env.NODE_ENV === 'production',
		secrets: [getSessionSecret()],
	}
}
