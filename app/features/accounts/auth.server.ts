// Who is asking: sign-in (remix-auth form strategy), sign-up with e-mail verification, password
// reset and change, and the signed-in user of a request. docs/decisions/0013-account-security.md
// Refusals are AuthErrors with a reason; the routes turn them, and a missing user, into HTTP answers
// (routes/auth/auth-responses.server.ts, routes/guards.server.ts).
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { z } from 'zod'
import { clientKey } from '~/lib/client-ip.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { logValue } from '~/lib/log.ts'
import {
	clearRateLimits,
	consumeRateLimit,
	consumeRateLimits,
	releaseRateLimits,
	tooManyAttemptsMessage,
	type RateLimitRule,
} from '~/lib/rate-limit.server.ts'
import { createSession, destroySession, getSession } from '~/lib/session.server.ts'
import { queueAccountEmail } from './account-mail.server.ts'
import { consumeAccountToken, isAccountTokenValid } from './account-tokens.server.ts'
import {
	changePasswordLimits,
	passwordResetLimits,
	resendLimits,
	signInAccountKey,
	signInLimits,
	signInResendLimit,
	signUpLimits,
} from './auth-limits.server.ts'
import {
	ChangePasswordSchema,
	ResetPasswordSchema,
	type ForgotPasswordSchema,
	SignInSchema,
	SignUpSchema,
} from './auth-schema.ts'
import { INVALID_LINK } from './copy.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.server.ts'
import { trustDevice, trustedDeviceFor } from './trusted-device.server.ts'

export type SessionUser = { id: string; email: string; fullName: string | null; isAdmin: boolean }

/**
 * Why an account action was refused: a form field that is wrong, too many attempts, an e-mail and
 * password that do not match an account, an address not verified yet, an e-mailed link that is
 * unknown, used or expired, or a wrong current password. The routes choose the HTTP answer.
 */
export type AuthRefusal =
	| 'invalid-form'
	| 'rate-limited'
	| 'wrong-credentials'
	| 'unverified'
	| 'invalid-link'
	| 'wrong-password'

/** A refusal the user should read (shown in the toast), with why, and the form field it is about. */
export class AuthError extends Error {
	constructor(
		public reason: AuthRefusal,
		message: string,
		public field?: string,
	) {
		super(message)
		this.name = 'AuthError'
	}
}

const INVALID_CREDENTIALS = 'Invalid email or password.'

/** The form's values by `schema`, or an AuthError naming the first field that is wrong. */
function parseForm<T>(schema: z.ZodType<T>, form: FormData): T {
	const parsed = schema.safeParse(Object.fromEntries(form))
	if (parsed.success) return parsed.data
	const issue = parsed.error.issues[0]
	throw new AuthError('invalid-form', issue.message, issue.path.length > 0 ? String(issue.path[0]) : undefined)
}

/** Counts one attempt against every rule; over any of them, a refusal the user can read. Returns the keys. */
async function enforceLimits(rules: Array<[string, RateLimitRule]>) {
	const limit = await consumeRateLimits(rules)
	if (!limit.allowed) throw new AuthError('rate-limited', tooManyAttemptsMessage(limit.retryAfterSeconds))
	return rules.map(([key]) => key)
}

type SignedIn = { id: string; email: string }

const authenticator = new Authenticator<SignedIn>()
authenticator.use(
	new FormStrategy(async ({ form, request }) => {
		const { email, password } = parseForm(SignInSchema, form)
		// Every attempt is counted up front (so parallel guesses cannot slip past the limit) and a
		// success hands it back: only failures add up (OWASP ASVS V2.2).
		const device = await trustedDeviceFor(request, email)
		const limitKeys = await enforceLimits(signInLimits(clientKey(request), email, device?.id ?? null))

		const user = await prisma.user.findUnique({
			where: { email },
			select: { id: true, email: true, passwordHash: true, emailVerifiedAt: true, fullName: true },
		})
		if (!user) {
			await burnPasswordCheck(password)
			throw new AuthError('wrong-credentials', INVALID_CREDENTIALS)
		}
		if (!(await verifyPassword(password, user.passwordHash)))
			throw new AuthError('wrong-credentials', INVALID_CREDENTIALS)
		await releaseRateLimits(limitKeys)
		if (!user.emailVerifiedAt) {
			// A new link at most a few times an hour: sign-ins that succeed are not limited otherwise.
			const resend = await consumeRateLimit(...signInResendLimit(email))
			if (!resend.allowed) {
				throw new AuthError('unverified', 'Please verify your email address first, with the link we have sent you.')
			}
			await queueAccountEmail(request, 'sign-up', user.email)
			throw new AuthError(
				'unverified',
				'Please verify your email address first. We have sent you a new verification link; links sent earlier no longer work.',
			)
		}
		return { id: user.id, email: user.email }
	}),
	'form',
)

/** Signs in from the form in `request`; returns the Set-Cookies of the new session and trusted device. */
export async function signIn(request: Request) {
	const user = await authenticator.authenticate('form', request)
	const { setCookie } = await createSession(user.id)
	return { setCookies: [setCookie, await trustDevice(user.email)] }
}

/**
 * Creates the account and e-mails a verification link. An address that already has a verified
 * account gets an e-mail saying so instead; an unverified one gets the new password and name and a
 * new link, and its older links stop working (nobody can pre-claim someone else's address). The
 * caller sees the same answer in the same time either way: bcrypt runs on every path, and the
 * mail is a job queued on every path (account-mail.server.ts), so no one learns who has an account.
 */
export async function signUp(request: Request, form: FormData) {
	const { fullName, email, password } = parseForm(SignUpSchema, form)
	await enforceLimits(signUpLimits(clientKey(request), email))

	const passwordHash = await hashPassword(password)
	// A verified address keeps its account; the job's mail then says it already has one.
	await claimPendingAccount(email, passwordHash, fullName)
	await queueAccountEmail(request, 'sign-up', email)
	return { email }
}

/**
 * "Resend the link" on the Check your inbox page: a new verification link for a pending address
 * (older ones stop working), or the "already registered" e-mail for a verified one; nothing for an
 * unknown one. The caller sees the same answer in every case, in the same time: the job decides.
 */
export async function resendVerification(request: Request, email: string) {
	await enforceLimits(resendLimits(clientKey(request), email))
	await queueAccountEmail(request, 'sign-up', email)
}

/**
 * Makes the unverified account for `email` have this password and name (created, or taken over from
 * an earlier sign-up that was never verified); leaves an address that belongs to a verified account
 * alone. One atomic statement: a row that is verified, even at this very moment, is never changed.
 */
async function claimPendingAccount(email: string, passwordHash: string, fullName: string) {
	await prisma.$executeRaw`
		INSERT INTO users (email, password_hash, full_name) VALUES (${email}, ${passwordHash}, ${fullName})
		ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, full_name = EXCLUDED.full_name, updated_at = now()
			WHERE users.email_verified_at IS NULL`
}

/**
 * Uses the verification link: marks the address verified and signs the user in (a new session).
 * Null when the link is unknown, used or expired.
 */
export async function verifyEmail(token: string) {
	const userId = await consumeAccountToken(token, 'verify-email')
	if (!userId) return null
	const user = await prisma.user.update({
		where: { id: userId },
		data: { emailVerifiedAt: new Date() },
		select: { id: true, email: true },
	})
	const { setCookie } = await createSession(user.id)
	return { setCookies: [setCookie, await trustDevice(user.email)] }
}

/**
 * E-mails a password-reset link (valid one hour) when the address has an account. The caller
 * always gets the same answer in the same time: the request only queues the job, which looks the
 * address up, and a mail server's delay or failure happens there.
 */
export async function requestPasswordReset(request: Request, { email }: z.output<typeof ForgotPasswordSchema>) {
	const [perIp, perAddress] = passwordResetLimits(clientKey(request), email)
	await enforceLimits([perIp])
	// Past the address's budget its inbox already holds this hour's links (the newest one works): the
	// answer is the same as for any address and no more mail goes out. Refusing here let a stranger
	// who asked three times lock the owner out of resetting for an hour (attacker's report).
	if (!(await consumeRateLimit(...perAddress)).allowed) {
		console.warn(`Accounts: no more reset e-mails to ${logValue(email)} this hour; answered as usual`)
		return
	}
	await queueAccountEmail(request, 'reset-password', email)
}

/**
 * Uses a password-reset link: sets the new password, signs out every session of the account, and
 * signs this browser in. Clicking the link proves the address, so a pending account is verified too.
 */
export async function resetPassword(form: FormData) {
	const { token, password } = parseForm(ResetPasswordSchema, form)
	// A cheap look-up first: a made-up token must not cost a bcrypt hash (a CPU bill anyone could run up).
	if (!(await isAccountTokenValid(token, 'reset-password'))) throw new AuthError('invalid-link', INVALID_LINK)
	const passwordHash = await hashPassword(password)
	const userId = await consumeAccountToken(token, 'reset-password')
	if (!userId) throw new AuthError('invalid-link', INVALID_LINK)
	const [updated] = await prisma.$transaction([
		prisma.$queryRaw<Array<{ email: string }>>`
			UPDATE users SET password_hash = ${passwordHash}, email_verified_at = COALESCE(email_verified_at, now()),
				updated_at = now()
			WHERE id = ${userId}::uuid
			RETURNING email`,
		prisma.session.deleteMany({ where: { userId } }),
		prisma.accountToken.deleteMany({ where: { userId } }),
	])
	const email = updated[0]?.email
	if (!email) throw new AuthError('invalid-link', INVALID_LINK)
	// Whoever was guessing this account's password is now guessing an old one.
	await clearRateLimits([signInAccountKey(email)])
	const { setCookie } = await createSession(userId)
	return { setCookies: [setCookie, await trustDevice(email)] }
}

/** Changes a signed-in user's password after checking the current one; other sessions are signed out. */
export async function changePassword(user: SessionUser, sessionId: string, form: FormData) {
	const { currentPassword, password } = parseForm(ChangePasswordSchema, form)
	const limitKeys = await enforceLimits(changePasswordLimits(user.id))
	const { passwordHash: currentHash } = await prisma.user.findUniqueOrThrow({
		where: { id: user.id },
		select: { passwordHash: true },
	})
	if (!(await verifyPassword(currentPassword, currentHash))) {
		throw new AuthError('wrong-password', 'Current password is incorrect.', 'currentPassword')
	}
	await releaseRateLimits(limitKeys)
	const passwordHash = await hashPassword(password)
	await prisma.$transaction([
		prisma.user.update({ where: { id: user.id }, data: { passwordHash } }),
		prisma.session.deleteMany({ where: { userId: user.id, id: { not: sessionId } } }),
		prisma.accountToken.deleteMany({ where: { userId: user.id, purpose: 'reset-password' } }),
	])
}

export async function getUser(
	request: Request,
): Promise<{ user: SessionUser | null; setCookie: string | null; sessionId: string | null }> {
	const session = await getSession(request)
	if (!session) return { user: null, setCookie: null, sessionId: null }
	const { user } = session
	// The administrator is decided here, on the server, on every request.
	const isAdmin = Boolean(user.emailVerifiedAt) && user.email === getEnv().ADMIN_EMAIL
	return {
		user: { id: user.id, email: user.email, fullName: user.fullName, isAdmin },
		setCookie: session.setCookie,
		sessionId: session.id,
	}
}

export { destroySession }
