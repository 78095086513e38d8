// E-mail: SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox (a table
// that tests read) and the server log.
import nodemailer from 'nodemailer'
import { prisma } from './db.server.ts'
import { getEnv } from './env.server.ts'
import { logValue } from './log.ts'

export type Email = { to: string; subject: string; text: string; html?: string }

let transport: nodemailer.Transporter | undefined

export async function sendEmail(email: Email) {
	const env = getEnv()
	if (env.SMTP_URL) {
		transport ??= nodemailer.createTransport(env.SMTP_URL)
		await transport.sendMail({ from: env.MAIL_FROM, ...email })
		return
	}
	await prisma.emailOutbox.create({
		data: { toAddress: email.to, subject: email.subject, textBody: email.text, htmlBody: email.html },
	})
	console.log(`[mail outbox] To: ${logValue(email.to)} | ${logValue(email.subject)}\n${email.text}`)
}
