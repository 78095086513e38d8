// Who is asking: sign-in (remix-auth form strategy), sign-up with e-mail verification, and the
// guards every loader and action uses.
import { redirect } from 'react-router'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { company } from '~/content/company.ts'
import { clientIp } from '~/lib/client-ip.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { sendEmail } from '~/lib/mail.server.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { consumeRateLimits, rateLimits, tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { createSession, destroySession, getSession } from '~/lib/session.server.ts'
import { SignInSchema, SignUpSchema } from './auth-schema.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from './password.server.ts'
import { createVerificationToken, readVerificationToken } from './verification.server.ts'

export type SessionUser = { id: string; email: string; fullName: string | null; isAdmin: boolean }

/** A refusal the user should read: shown in the toast, with this HTTP status. */
export class AuthError extends Error {
	constructor(
		message: string,
		public status: number,
		public field?: string,
	) {
		super(message)
	}
}

const INVALID_CREDENTIALS = 'Invalid email or password.'

const authenticator = new Authenticator<{ id: string }>()
authenticator.use(
	new FormStrategy(async ({ form, request }) => {
		const parsed = SignInSchema.safeParse(Object.fromEntries(form))
		if (!parsed.success) throw new AuthError(parsed.error.issues[0].message, 400)
		const { email, password } = parsed.data
		const limit = await consumeRateLimits([
			[`sign-in:ip:${clientIp(request)}`, rateLimits.signInPerIp],
			[`sign-in:email:${email}`, rateLimits.signInPerEmail],
		])
		if (!limit.allowed) throw new AuthError(tooManyAttemptsMessage(limit.retryAfterSeconds), 429)

		const user = await prisma.user.findUnique({
			where: { email },
			select: { id: true, email: true, passwordHash: true, emailVerifiedAt: true, fullName: true },
		})
		if (!user) {
			await burnPasswordCheck(password)
			throw new AuthError(INVALID_CREDENTIALS, 401)
		}
		if (!(await verifyPassword(password, user.passwordHash))) throw new AuthError(INVALID_CREDENTIALS, 401)
		if (!user.emailVerifiedAt) {
			await sendVerificationEmail(request, user)
			throw new AuthError('Please verify your email address first. We have sent you a new verification link.', 403)
		}
		return { id: user.id }
	}),
	'form',
)

/** Signs in from the form in `request`; returns the Set-Cookie of the new session. */
export async function signIn(request: Request) {
	const user = await authenticator.authenticate('form', request)
	return createSession(user.id)
}

/**
 * Creates the account and e-mails a verification link. An address that already has an account gets
 * an e-mail saying so instead, and the caller sees the same answer: no one learns who has an account.
 */
export async function signUp(request: Request, form: FormData) {
	const parsed = SignUpSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		throw new AuthError(issue.message, 400, String(issue.path[0]))
	}
	const { fullName, email, password } = parsed.data
	const limit = await consumeRateLimits([
		[`sign-up:ip:${clientIp(request)}`, rateLimits.signUpPerIp],
		[`sign-up:email:${email}`, rateLimits.signUpPerEmail],
	])
	if (!limit.allowed) throw new AuthError(tooManyAttemptsMessage(limit.retryAfterSeconds), 429)

	const existing = await prisma.user.findUnique({
		where: { email },
		select: { id: true, email: true, emailVerifiedAt: true },
	})
	if (existing) {
		if (existing.emailVerifiedAt) await sendAlreadyRegisteredEmail(request, email)
		else await sendVerificationEmail(request, existing)
		return
	}
	const passwordHash = await hashPassword(password)
	const user = await prisma.user
		.create({ data: { email, passwordHash, fullName }, select: { id: true, email: true } })
		.catch(async (error: { code?: string }) => {
			if (error.code === 'P2002') return null // the same address signed up twice at once
			throw error
		})
	if (user) await sendVerificationEmail(request, user)
}

/** Marks the address verified and signs the user in; null when the link is invalid or expired. */
export async function verifyEmail(token: string) {
	const claim = readVerificationToken(token)
	if (!claim) return null
	const user = await prisma.user.findUnique({
		where: { id: claim.userId },
		select: { id: true, email: true, emailVerifiedAt: true },
	})
	if (!user || user.email !== claim.email) return null
	if (!user.emailVerifiedAt) await prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } })
	return createSession(user.id)
}

async function sendVerificationEmail(request: Request, user: { id: string; email: string }) {
	const link = `${getSiteOrigin(request)}/auth/verify?token=${encodeURIComponent(createVerificationToken(user.id, user.email))}`
	await sendEmail({
		to: user.email,
		subject: `Verify your email for ${company.name}`,
		text: `Welcome to ${company.name}!\n\nConfirm your email address to start using the AI Playground:\n${link}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this email.`,
		html: `<p>Welcome to ${company.name}!</p><p><a href="${link}">Confirm your email address</a> to start using the AI Playground.</p><p>The link is valid for 24 hours. If you did not sign up, ignore this email.</p>`,
	})
}

async function sendAlreadyRegisteredEmail(request: Request, email: string) {
	const link = `${getSiteOrigin(request)}/auth`
	await sendEmail({
		to: email,
		subject: `You already have a ${company.name} account`,
		text: `Someone (hopefully you) tried to sign up with this email address, but it already has an account.\n\nSign in here: ${link}\n\nIf this was not you, you can ignore this email.`,
	})
}

export async function getUser(request: Request): Promise<{ user: SessionUser | null; setCookie: string | null }> {
	const session = await getSession(request)
	if (!session) return { user: null, setCookie: null }
	const { user } = session
	// The administrator is decided here, on the server, on every request.
	const isAdmin = Boolean(user.emailVerifiedAt) && user.email === getEnv().ADMIN_EMAIL
	return { user: { id: user.id, email: user.email, fullName: user.fullName, isAdmin }, setCookie: session.setCookie }
}

/** The signed-in user, or a redirect to /auth that comes back here after signing in. */
export async function requireUser(request: Request) {
	const result = await getUser(request)
	if (!result.user) {
		const url = new URL(request.url)
		const back = url.pathname + url.search
		throw redirect(back === '/playground' ? '/auth' : `/auth?${new URLSearchParams({ redirectTo: back })}`)
	}
	return result as { user: SessionUser; setCookie: string | null }
}

export async function requireAdmin(request: Request) {
	const result = await requireUser(request)
	if (!result.user.isAdmin) throw new Response('Forbidden', { status: 403 })
	return result
}

/** For /auth: a signed-in visitor goes straight to the Playground. */
export async function requireAnonymous(request: Request) {
	const { user } = await getUser(request)
	if (user) throw redirect('/playground')
}

export { destroySession }
