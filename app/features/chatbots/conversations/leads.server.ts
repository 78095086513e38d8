// Leads: contact details visitors leave in the widget's lead form, filed with their conversation;
// the owner's list and CSV; the optional webhook that receives each new lead, signed with the
// chatbot's own key and delivered by a job that retries with backoff. docs/decisions/0019-conversation-logs.md
import crypto from 'node:crypto'
import { stringify } from 'csv-stringify/sync'
import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import { chargeEmbedLead } from '~/features/chatbots/chatbot-limits.server.ts'
import { isChatbotRow, userChatbot, userChatbots } from '~/features/chatbots/chatbot-scope.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import type { ChatbotConversation } from '~/generated/prisma/client.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { safeFetch, SafeFetchError } from '~/lib/safe-fetch.server.ts'
import { spreadsheetCell } from '~/lib/spreadsheet-cell.ts'
import { countryOf, ipHashOf, pageUrlOf } from './conversation-log.server.ts'
import { leadSchema, type LeadForm, type LeadFormSettings } from './conversation-schema.ts'

/** How often a lead is offered to the webhook before it is given up (graphile-worker's backoff: e^n s). */
const WEBHOOK_MAX_ATTEMPTS = 8
const SIGNATURE_HEADER = 'X-Zenvora-Signature'
const TIMESTAMP_HEADER = 'X-Zenvora-Timestamp'

/** Runs on the webhook lane (server/jobs.ts). */
export const deliverLeadJob = defineJob({
	name: 'deliver-lead',
	payload: z.object({ leadId: z.guid() }),
	run: deliverLead,
})

/**
 * A lead the widget sent, as JSON (the lead API) or as a form (the embed page without JavaScript):
 * refused when the chatbot takes no contact details, checked against the fields its owner asks for
 * (each field's message), and saved. One path for both, so they refuse and validate alike.
 */
export async function acceptLead(
	request: Request,
	chatbot: { id: string; appearance: { leadForm: LeadFormSettings }; handoff: { enabled: boolean } },
	siteOrigin: string | null,
	values: unknown,
): Promise<
	| { ok: true; leadId: string }
	| { ok: false; status: 400 | 404; error: string; errors: Record<string, string> }
	| { ok: false; status: 429; error: string; errors: Record<string, string>; retryAfterSeconds: number }
> {
	const { leadForm } = chatbot.appearance
	// With handoff on, a visitor nobody could take is offered the form even when it is otherwise off (ADR 0061).
	if (leadForm.mode === 'off' && !chatbot.handoff.enabled)
		return { ok: false, status: 404, error: 'This chat does not take contact details.', errors: {} }
	const parsed = leadSchema(leadForm.fields).safeParse(values)
	if (!parsed.success) {
		const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]))
		return { ok: false, status: 400, error: parsed.error.issues[0].message, errors }
	}
	// Only a valid form spends one of the visitor's leads: its mistakes are theirs to correct.
	const limit = await chargeEmbedLead(clientKey(request))
	if (!limit.allowed)
		return {
			ok: false,
			status: 429,
			error: chatbotBuilder.embed.busyReply,
			errors: {},
			retryAfterSeconds: limit.retryAfterSeconds,
		}
	const leadId = await saveLead(chatbot.id, parsed.data, {
		pageUrl: pageUrlOf(siteOrigin, parsed.data.page),
		country: countryOf(request),
		ipHash: ipHashOf(request),
	})
	return { ok: true, leadId }
}

/**
 * Stores a lead with its conversation (made here when the form comes before the first message) and
 * queues its webhook delivery in the same transaction.
 */
export async function saveLead(
	chatbotId: string,
	form: LeadForm,
	context: { pageUrl: string | null; country: string | null; ipHash: string | null },
) {
	return prisma.$transaction(async (tx) => {
		// SQL: one INSERT … ON CONFLICT, so two posts of one conversation at once find the same row.
		const [conversation] = await tx.$queryRaw<Array<Pick<ChatbotConversation, 'id'>>>`
			INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, kind, page_url, country, ip_hash)
			VALUES (${chatbotId}::uuid, ${form.conversationId}, ${form.visitorId}, 'embed', ${context.pageUrl}, ${context.country}, ${context.ipHash})
			ON CONFLICT (chatbot_id, visitor_id, client_id) DO UPDATE SET last_message_at = now()
			RETURNING id`
		const lead = await tx.chatbotLead.create({
			data: {
				chatbotId,
				conversationId: conversation.id,
				name: form.name ?? null,
				email: form.email ?? null,
				phone: form.phone ?? null,
				pageUrl: context.pageUrl,
			},
			select: { id: true, chatbot: { select: { leadWebhookUrl: true, userId: true } } },
		})
		// One chatbot's deliveries run one at a time (a named queue), on the webhook lane (server/jobs.ts):
		// a receiver that never answers holds one webhook slot, never an import's.
		if (lead.chatbot.leadWebhookUrl)
			await queueJob(
				deliverLeadJob,
				{ leadId: lead.id },
				{ accountId: lead.chatbot.userId, queueName: `webhook:${chatbotId}`, maxAttempts: WEBHOOK_MAX_ATTEMPTS },
				tx,
			)
		return lead.id
	})
}

/** What a lead shows: in the owner's list, the CSV and the webhook's body. */
const leadFields = {
	id: true,
	name: true,
	email: true,
	phone: true,
	pageUrl: true,
	createdAt: true,
	conversationId: true,
} as const

const LEADS_SHOWN = 200
const LEADS_IN_CSV = 50_000

async function ownedLeads(userId: string, chatbotId: string, limit: number) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: userChatbot(userId, chatbotId) })
	if (!owned) return null
	return prisma.chatbotLead.findMany({
		where: { chatbotId },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		take: limit,
		select: leadFields,
	})
}

/** The newest leads (null when the chatbot is not this user's). */
export const listLeads = (userId: string, chatbotId: string) => ownedLeads(userId, chatbotId, LEADS_SHOWN)

/**
 * Every lead as CSV (newest first). Cells that a spreadsheet would run as a formula are made text:
 * a visitor's "name" must not become a command on the owner's computer. A phone number is written
 * as typed, "+91 …" and not "'+91 …" (lib/spreadsheet-cell.ts, ADR 0049).
 */
export async function leadsCsv(userId: string, chatbotId: string) {
	const leads = await ownedLeads(userId, chatbotId, LEADS_IN_CSV)
	if (!leads) return null
	return stringify(
		leads.map((lead) =>
			[lead.createdAt.toISOString(), lead.name, lead.email, lead.phone, lead.pageUrl].map((cell) =>
				spreadsheetCell(cell ?? ''),
			),
		),
		{ header: true, columns: ['Created', 'Name', 'E-mail', 'Phone', 'Page'] },
	)
}

/**
 * Deletes one lead (its delivery log goes with it; a copy already sent to the webhook stays there).
 * False when the lead is not one of this user's chatbot's.
 */
export async function deleteLead(userId: string, chatbotId: string, leadId: string) {
	if (!isUuid(chatbotId) || !isUuid(leadId)) return false
	const { count } = await prisma.chatbotLead.deleteMany({
		where: { id: leadId, chatbotId, chatbot: userChatbots(userId) },
	})
	return count === 1
}

// ─── The webhook ─────────────────────────────────────────────────────────────────────────────────

export type WebhookSettings = { url: string | null; secret: string | null }

export async function getWebhookSettings(userId: string, chatbotId: string): Promise<WebhookSettings | null> {
	if (!isUuid(chatbotId)) return null
	const chatbot = await prisma.chatbot.findFirst({
		where: userChatbot(userId, chatbotId),
		select: { leadWebhookUrl: true, leadWebhookSecret: true },
	})
	return chatbot ? { url: chatbot.leadWebhookUrl, secret: chatbot.leadWebhookSecret } : null
}

/** Sets (or, with '', removes) the webhook; its signing key is made the first time. False when not this user's. */
export async function setWebhook(userId: string, chatbotId: string, url: string) {
	if (!isUuid(chatbotId)) return false
	const secret = `whsec_${crypto.randomBytes(24).toString('base64url')}`
	// SQL: the key is kept if there is one (COALESCE), decided in the one atomic UPDATE.
	const count = await prisma.$executeRaw`
		UPDATE chatbots SET lead_webhook_url = NULLIF(${url}, ''),
			lead_webhook_secret = COALESCE(lead_webhook_secret, ${secret})
		WHERE id = ${chatbotId}::uuid AND user_id = ${userId}::uuid AND ${isChatbotRow('chatbots')}`
	return count === 1
}

/** `sha256=` and the HMAC of "<timestamp>.<body>" with the chatbot's key: what a receiver recomputes. */
export function webhookSignature(secret: string, timestamp: string, body: string) {
	return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** The newest delivery attempts of a chatbot's leads (null when not this user's). */
export async function listDeliveries(userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: userChatbot(userId, chatbotId) })
	if (!owned) return null
	return prisma.leadWebhookDelivery.findMany({
		where: { chatbotId },
		orderBy: { createdAt: 'desc' },
		take: 20,
		omit: { chatbotId: true },
	})
}

/**
 * The 'deliver-lead' job: posts the lead to its chatbot's webhook (through safeFetch: public
 * addresses only, a time limit, no redirects) and logs the attempt. A refusal or a failure throws,
 * so graphile-worker tries again later, up to WEBHOOK_MAX_ATTEMPTS.
 */
export async function deliverLead({ leadId }: { leadId: string }, helpers: Pick<JobHelpers, 'job' | 'logger'>) {
	const found = await prisma.chatbotLead.findUnique({
		where: { id: leadId },
		select: {
			...leadFields,
			chatbot: { select: { id: true, name: true, leadWebhookUrl: true, leadWebhookSecret: true } },
		},
	})
	const url = found?.chatbot.leadWebhookUrl
	const secret = found?.chatbot.leadWebhookSecret
	// Deleted since, or the webhook removed: nothing to deliver.
	if (!found || !url || !secret) return
	const { chatbot, ...lead } = found
	const body = JSON.stringify({
		event: 'lead.created',
		chatbot: { id: chatbot.id, name: chatbot.name },
		lead: {
			id: lead.id,
			name: lead.name,
			email: lead.email,
			phone: lead.phone,
			pageUrl: lead.pageUrl,
			createdAt: lead.createdAt.toISOString(),
			conversationId: lead.conversationId,
		},
	})
	const timestamp = String(Math.floor(Date.now() / 1000))
	const attempt = helpers.job.attempts
	const record = (status: 'delivered' | 'failed', responseStatus: number | null, error: string | null) =>
		prisma.leadWebhookDelivery.create({
			data: { leadId: lead.id, chatbotId: chatbot.id, attempt, url, status, responseStatus, error },
		})
	try {
		const response = await safeFetch(url, {
			post: { body, contentType: 'application/json' },
			headers: {
				'User-Agent': 'ZenvoraWebhooks/1.0',
				Accept: '*/*',
				[TIMESTAMP_HEADER]: timestamp,
				[SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body),
			},
			accept: [''],
			maxRedirects: 0,
			maxBytes: 64 * 1024,
			timeoutMs: getEnv().WEBHOOK_TIMEOUT_MS,
			allow: getEnv().WEBSITE_IMPORT_ALLOW,
		})
		await record('delivered', response.status, null)
		helpers.logger.info(`Lead ${lead.id} delivered to the webhook of chatbot ${chatbot.id} (HTTP ${response.status})`)
	} catch (error) {
		const status = error instanceof SafeFetchError ? (error.status ?? null) : null
		const message = (error as Error).message.slice(0, 500)
		await record('failed', status, message)
		throw new Error(
			`Lead ${lead.id}: webhook of chatbot ${chatbot.id} failed (attempt ${attempt} of ${WEBHOOK_MAX_ATTEMPTS}): ${message}`,
		)
	}
}
