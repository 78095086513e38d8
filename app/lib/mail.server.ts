// E-mail delivery: SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox (a
// table that tests read) and the server log. Only the send-email job calls this: a request never
// waits on a mail server, so how long it takes, or whether it fails, says nothing about who has an
// account (docs/decisions/0026-shared-budgets.md).
import nodemailer from 'nodemailer'
import { prisma } from './db.server.ts'
import { getEnv } from './env.server.ts'
import { logBlock, logValue } from './log.ts'

export type Email = { to: string; subject: string; text: string; html?: string }

let transport: nodemailer.Transporter | undefined

/**
 * Sends one e-mail now; throws when the mail server refuses or does not answer (the job retries).
 * The time-outs are short: a mail server that hangs must not hold a job slot for minutes
 * (nodemailer's defaults are 2 minutes to connect and 10 of silence).
 */
export async function deliverEmail(email: Email) {
	const env = getEnv()
	if (env.SMTP_URL) {
		transport ??= nodemailer.createTransport(env.SMTP_URL, {
			connectionTimeout: 10_000,
			greetingTimeout: 10_000,
			socketTimeout: 30_000,
		})
		await transport.sendMail({ from: env.MAIL_FROM, ...email })
		return
	}
	await prisma.emailOutbox.create({
		data: { toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html },
	})
	console.log(`[mail outbox] To: ${logValue(email.to)} | ${logValue(email.subject)}\n${logBlock(email.text)}`)
}
