// The e-mails about an account: the verification link (or "you already have an account") and the
// password-reset link. A request only queues a send-email job naming the address and the mail; the
// job looks the account up, issues the link's token and sends (or writes the outbox), with retries.
// So every request that may send one does the same work whether or not the address has an account
// (the look-up, the token and the mail server's time all happen in the job), a mail server that fails
// is logged by the job and never turns into a 500, and no token is ever stored in the job's payload.
// docs/decisions/0026-shared-budgets.md
import { z } from 'zod'
import { company } from '~/content/company.ts'
import { prisma } from '~/lib/db.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { deliverEmail, type Email } from '~/lib/mail.server.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { issueAccountToken } from './account-tokens.server.ts'

/**
 * `sign-up`: the verification link while the address's account is pending, "you already have an
 * account" once it is verified. `reset-password`: a reset link. Nothing when there is no account.
 */
const AccountEmailJob = z.object({
	mail: z.enum(['sign-up', 'reset-password']),
	to: z.string().max(254),
	origin: z.url(),
})
type AccountEmailJob = z.infer<typeof AccountEmailJob>

/** A retry waits e^attempt seconds: 8 attempts span about half an hour of a mail server's outage. */
const MAIL_MAX_ATTEMPTS = 8

/** Account e-mails, queued by requests so none waits on (or fails with) the mail server; on the webhook lane. */
export const sendEmailJob = defineJob({ name: 'send-email', payload: AccountEmailJob, run: sendAccountEmail })

/** Queues the mail; the links in it use this site's origin (SITE_URL or an allowed host). */
export async function queueAccountEmail(request: Request, mail: AccountEmailJob['mail'], to: string) {
	const job: AccountEmailJob = { mail, to, origin: getSiteOrigin(request) }
	await queueJob(sendEmailJob, job, { maxAttempts: MAIL_MAX_ATTEMPTS })
}

/** The send-email job: the mail the account's state calls for now, sent; false when there was none to send. */
async function sendAccountEmail({ mail, to, origin }: AccountEmailJob) {
	const user = await prisma.user.findUnique({ where: { email: to }, select: { id: true, emailVerifiedAt: true } })
	if (!user) return false
	let email: Email
	if (mail === 'reset-password') {
		email = resetPasswordEmail(to, `${origin}/auth/reset-password?token=${await issueAccountToken(user.id, mail)}`)
	} else if (user.emailVerifiedAt) {
		email = alreadyRegisteredEmail(to, origin)
	} else {
		email = verificationEmail(to, `${origin}/auth/verify?token=${await issueAccountToken(user.id, 'verify-email')}`)
	}
	await deliverEmail(email)
	return true
}

function verificationEmail(to: string, link: string): Email {
	return {
		to,
		subject: `Verify your email for ${company.name}`,
		text: `Welcome to ${company.name}!\n\nConfirm your email address to start using the AI Playground:\n${link}\n\nThe link works once, for 24 hours. If you did not sign up, ignore this email.`,
		html: `<p>Welcome to ${company.name}!</p><p><a href="${link}">Confirm your email address</a> to start using the AI Playground.</p><p>The link works once, for 24 hours. If you did not sign up, ignore this email.</p>`,
	}
}

function alreadyRegisteredEmail(to: string, origin: string): Email {
	return {
		to,
		subject: `You already have a ${company.name} account`,
		text: `Someone (hopefully you) tried to sign up with this email address, but it already has an account.\n\nSign in here: ${origin}/auth\nForgot your password? Reset it here: ${origin}/auth/forgot-password\n\nIf this was not you, you can ignore this email.`,
	}
}

function resetPasswordEmail(to: string, link: string): Email {
	return {
		to,
		subject: `Reset your ${company.name} password`,
		text: `Someone (hopefully you) asked to reset the password of your ${company.name} account.\n\nSet a new password here:\n${link}\n\nThe link works once, for 1 hour. If you did not ask, ignore this email: your password stays as it is.`,
		html: `<p>Someone (hopefully you) asked to reset the password of your ${company.name} account.</p><p><a href="${link}">Set a new password</a></p><p>The link works once, for 1 hour. If you did not ask, ignore this email: your password stays as it is.</p>`,
	}
}
