// Account form validation (sign-in, sign-up, password reset and change), shared by the browser
// (before sending) and the server.
import { z } from 'zod'
import { isCommonPassword } from './common-passwords.ts'

export const PASSWORD_MIN_LENGTH = 6
// bcrypt ignores everything after 72 bytes, so longer passwords are refused rather than truncated.
const PASSWORD_MAX_BYTES = 72

const email = z
	.string({ error: 'Email is required' })
	.trim()
	.min(1, 'Email is required')
	.max(254, 'Email is too long')
	.pipe(z.email('Please enter a valid email address'))
	.transform((v) => v.toLowerCase())

const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another one.'

/** A new password: the spec's minimum of 6 characters, bcrypt's 72 bytes, and not a common one. */
const newPassword = z
	.string({ error: 'Password is required' })
	.min(1, 'Password is required')
	.min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
	.refine(
		(v) => new TextEncoder().encode(v).length <= PASSWORD_MAX_BYTES,
		`Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
	)
	.refine((v) => !isCommonPassword(v), COMMON_PASSWORD_MESSAGE)

const confirmPassword = z.string({ error: 'Confirm Password is required' }).min(1, 'Confirm Password is required')

function passwordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
	if (value.confirmPassword && value.password !== value.confirmPassword) {
		ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' })
	}
}

export const SignInSchema = z.object({
	email,
	password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
	redirectTo: z.string().optional(),
})

export const SignUpSchema = z
	.object({
		fullName: z
			.string({ error: 'Full Name is required' })
			.trim()
			.min(1, 'Full Name is required')
			.max(100, 'Full Name is too long'),
		email,
		password: newPassword,
		confirmPassword,
	})
	.superRefine(passwordsMatch)

export const ForgotPasswordSchema = z.object({ email })

/** "Verify email": the token from the e-mailed link (a hidden field); the server checks it. */
export const VerifyEmailSchema = z.object({ token: z.string().min(1).max(100) })

/** The token comes from the e-mailed link; the server checks it. */
export const ResetPasswordSchema = z
	.object({ token: z.string().max(100).default(''), password: newPassword, confirmPassword })
	.superRefine(passwordsMatch)

export const ChangePasswordSchema = z
	.object({
		currentPassword: z.string({ error: 'Current Password is required' }).min(1, 'Current Password is required'),
		password: newPassword,
		confirmPassword,
	})
	.superRefine(passwordsMatch)

export { fieldErrorsOf, type FieldErrors } from '~/lib/forms.ts'

/**
 * Only a path on this site (no open redirects): never `//host`, a full URL, a backslash (browsers
 * read `/\\host` as `//host`) or a control character (`/\t/host` is `//host` to a browser too, and a
 * line break cannot go into a Location header at all).
 */
const SITE = 'http://this-site.invalid'
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/playground') {
	if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || /[\p{Cc}\\]/u.test(to)) return fallback
	try {
		// The target as given (not a normalised copy: `/a/..//host` must not become `//host`).
		return new URL(to, SITE).origin === SITE ? to : fallback
	} catch {
		return fallback
	}
}
