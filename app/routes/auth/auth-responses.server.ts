// How the accounts feature's outcomes become HTTP answers on the account pages: each refusal's
// status (docs/api.md and the spec's messages are unchanged; only where the status is chosen moved
// here), the page's toast and field error, and the cookies of a new session.
import { data } from 'react-router'
import type { FieldErrors } from '~/features/accounts/auth-schema.ts'
import type { AuthError, AuthRefusal } from '~/features/accounts/auth.server.ts'
import { makeToast } from '~/lib/toast.ts'

const STATUS: Record<AuthRefusal, number> = {
	'invalid-form': 400,
	'rate-limited': 429,
	'wrong-credentials': 401,
	unverified: 403,
	'invalid-link': 410,
	'wrong-password': 400,
}

export const authErrorStatus = (error: AuthError) => STATUS[error.reason]

/**
 * A refusal as a page action's answer: the toast under `title`, the field it names, and `values`
 * the form shows again (never a password). Without an AuthError, the spec's unexpected error (500).
 */
export function authErrorData(error: AuthError | null, title: string, values: { email?: string } = {}) {
	const description = error?.message ?? 'An unexpected error occurred'
	return data(
		{
			toast: makeToast({ type: 'error', title, description }),
			fieldErrors: (error?.field ? { [error.field]: error.message } : {}) as FieldErrors,
			values,
		},
		{ status: error ? authErrorStatus(error) : 500 },
	)
}

/**
 * A form its schema refused, answered as the feature's 'invalid-form' refusal always was: the
 * first problem in the toast under `title`, each field's next to it, and `values` shown again (400).
 */
export function invalidFormData(errors: FieldErrors, title: string, values: { email?: string } = {}) {
	const description = Object.values(errors).find(Boolean) ?? 'An unexpected error occurred'
	return data(
		{ toast: makeToast({ type: 'error', title, description }), fieldErrors: errors, values },
		{ status: STATUS['invalid-form'] },
	)
}

/** Several Set-Cookie headers for one response (session, trusted device). */
export const setCookieHeaders = (cookies: string[]) => cookies.map((cookie): [string, string] => ['Set-Cookie', cookie])
