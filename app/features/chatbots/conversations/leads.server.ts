// Leads: contact details visitors leave in the widget's lead form, filed with their conversation;
// the owner's list and CSV; the optional webhook that receives each new lead, signed with the
// chatbot's own key and delivered by a job that retries with backoff. docs/decisions/0019-conversation-logs.md
import crypto from 'node:crypto'
import { stringify } from 'csv-stringify/sync'
import type { JobHelpers } from 'graphile-worker'
import { z } from 'zod'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { safeFetch, SafeFetchError } from '~/lib/safe-fetch.server.ts'
import type { LeadForm } from './conversation-schema.ts'

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
 * Stores a lead with its conversation (made here when the form comes before the first message) and
 * queues its webhook delivery in the same transaction.
 */
export async function saveLead(
	chatbotId: string,
	form: LeadForm,
	context: { pageUrl: string | null; country: string | null; ipHash: string | null },
) {
	return prisma.$transaction(async (tx) => {
		const [conversation] = await tx.$queryRaw<Array<{ id: string }>>`
			INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, kind, page_url, country, ip_hash)
			VALUES (${chatbotId}::uuid, ${form.conversationId}, ${form.visitorId}, 'embed', ${context.pageUrl}, ${context.country}, ${context.ipHash})
			ON CONFLICT (chatbot_id, visitor_id, client_id) DO UPDATE SET last_message_at = now()
			RETURNING id`
		const [lead] = await tx.$queryRaw<Array<{ id: string; webhook: string | null; ownerId: string }>>`
			INSERT INTO chatbot_leads (chatbot_id, conversation_id, name, email, phone, page_url)
			VALUES (${chatbotId}::uuid, ${conversation.id}::uuid, ${form.name ?? null}, ${form.email ?? null}, ${form.phone ?? null}, ${context.pageUrl})
			RETURNING id, (SELECT lead_webhook_url FROM chatbots WHERE id = ${chatbotId}::uuid) AS webhook,
				(SELECT user_id FROM chatbots WHERE id = ${chatbotId}::uuid)::text AS "ownerId"`
		// One chatbot's deliveries run one at a time (a named queue), on the webhook lane (server/jobs.ts):
		// a receiver that never answers holds one webhook slot, never an import's.
		if (lead.webhook)
			await queueJob(
				deliverLeadJob,
				{ leadId: lead.id },
				{ accountId: lead.ownerId, queueName: `webhook:${chatbotId}`, maxAttempts: WEBHOOK_MAX_ATTEMPTS },
				tx,
			)
		return lead.id
	})
}

export type LeadRow = {
	id: string
	name: string | null
	email: string | null
	phone: string | null
	pageUrl: string | null
	createdAt: Date
	conversationId: string | null
}

const LEADS_SHOWN = 200
const LEADS_IN_CSV = 50_000

async function ownedLeads(userId: string, chatbotId: string, limit: number) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: { id: chatbotId, userId } })
	if (!owned) return null
	return prisma.$queryRaw<LeadRow[]>`
		SELECT id, name, email, phone, page_url AS "pageUrl", created_at AS "createdAt", conversation_id AS "conversationId"
		FROM chatbot_leads WHERE chatbot_id = ${chatbotId}::uuid
		ORDER BY created_at DESC, id DESC LIMIT ${limit}`
}

/** The newest leads (null when the chatbot is not this user's). */
export const listLeads = (userId: string, chatbotId: string) => ownedLeads(userId, chatbotId, LEADS_SHOWN)

/**
 * Every lead as CSV (newest first). Cells that a spreadsheet would run as a formula (=, +, -, @)
 * are escaped: a visitor's "name" must not become a command on the owner's computer.
 */
export async function leadsCsv(userId: string, chatbotId: string) {
	const leads = await ownedLeads(userId, chatbotId, LEADS_IN_CSV)
	if (!leads) return null
	return stringify(
		leads.map((lead) => [
			lead.createdAt.toISOString(),
			lead.name ?? '',
			lead.email ?? '',
			lead.phone ?? '',
			lead.pageUrl ?? '',
		]),
		{ header: true, columns: ['Created', 'Name', 'E-mail', 'Phone', 'Page'], escape_formulas: true },
	)
}

// ─── The webhook ─────────────────────────────────────────────────────────────────────────────────

export type WebhookSettings = { url: string | null; secret: string | null }

export async function getWebhookSettings(userId: string, chatbotId: string): Promise<WebhookSettings | null> {
	if (!isUuid(chatbotId)) return null
	const chatbot = await prisma.chatbot.findFirst({
		where: { id: chatbotId, userId },
		select: { leadWebhookUrl: true, leadWebhookSecret: true },
	})
	return chatbot ? { url: chatbot.leadWebhookUrl, secret: chatbot.leadWebhookSecret } : null
}

/** Sets (or, with '', removes) the webhook; its signing key is made the first time. False when not this user's. */
export async function setWebhook(userId: string, chatbotId: string, url: string) {
	if (!isUuid(chatbotId)) return false
	const secret = `whsec_${crypto.randomBytes(24).toString('base64url')}`
	const count = await prisma.$executeRaw`
		UPDATE chatbots SET lead_webhook_url = NULLIF(${url}, ''),
			lead_webhook_secret = COALESCE(lead_webhook_secret, ${secret})
		WHERE id = ${chatbotId}::uuid AND user_id = ${userId}::uuid`
	return count === 1
}

/** `sha256=` and the HMAC of "<timestamp>.<body>" with the chatbot's key: what a receiver recomputes. */
export function webhookSignature(secret: string, timestamp: string, body: string) {
	return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

export type DeliveryRow = {
	id: string
	leadId: string
	attempt: number
	url: string
	status: string
	responseStatus: number | null
	error: string | null
	createdAt: Date
}

/** The newest delivery attempts of a chatbot's leads (null when not this user's). */
export async function listDeliveries(userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: { id: chatbotId, userId } })
	if (!owned) return null
	return prisma.$queryRaw<DeliveryRow[]>`
		SELECT id, lead_id AS "leadId", attempt, url, status, response_status AS "responseStatus", error, created_at AS "createdAt"
		FROM lead_webhook_deliveries WHERE chatbot_id = ${chatbotId}::uuid
		ORDER BY created_at DESC LIMIT 20`
}

/**
 * The 'deliver-lead' job: posts the lead to its chatbot's webhook (through safeFetch: public
 * addresses only, a time limit, no redirects) and logs the attempt. A refusal or a failure throws,
 * so graphile-worker tries again later, up to WEBHOOK_MAX_ATTEMPTS.
 */
export async function deliverLead({ leadId }: { leadId: string }, helpers: Pick<JobHelpers, 'job' | 'logger'>) {
	const [lead] = await prisma.$queryRaw<
		Array<LeadRow & { chatbotId: string; chatbotName: string; url: string | null; secret: string | null }>
	>`
		SELECT l.id, l.name, l.email, l.phone, l.page_url AS "pageUrl", l.created_at AS "createdAt",
			l.conversation_id AS "conversationId", b.id AS "chatbotId", b.name AS "chatbotName",
			b.lead_webhook_url AS url, b.lead_webhook_secret AS secret
		FROM chatbot_leads l JOIN chatbots b ON b.id = l.chatbot_id WHERE l.id = ${leadId}::uuid`
	// Deleted since, or the webhook removed: nothing to deliver.
	if (!lead?.url || !lead.secret) return
	const body = JSON.stringify({
		event: 'lead.created',
		chatbot: { id: lead.chatbotId, name: lead.chatbotName },
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
		prisma.$executeRaw`
			INSERT INTO lead_webhook_deliveries (lead_id, chatbot_id, attempt, url, status, response_status, error)
			VALUES (${lead.id}::uuid, ${lead.chatbotId}::uuid, ${attempt}, ${lead.url}, ${status}, ${responseStatus}, ${error})`
	try {
		const response = await safeFetch(lead.url, {
			post: { body, contentType: 'application/json' },
			headers: {
				'User-Agent': 'ZenvoraWebhooks/1.0',
				Accept: '*/*',
				[TIMESTAMP_HEADER]: timestamp,
				[SIGNATURE_HEADER]: webhookSignature(lead.secret, timestamp, body),
			},
			accept: [''],
			maxRedirects: 0,
			maxBytes: 64 * 1024,
			timeoutMs: getEnv().WEBHOOK_TIMEOUT_MS,
			allow: getEnv().WEBSITE_IMPORT_ALLOW,
		})
		await record('delivered', response.status, null)
		helpers.logger.info(
			`Lead ${lead.id} delivered to the webhook of chatbot ${lead.chatbotId} (HTTP ${response.status})`,
		)
	} catch (error) {
		const status = error instanceof SafeFetchError ? (error.status ?? null) : null
		const message = (error as Error).message.slice(0, 500)
		await record('failed', status, message)
		throw new Error(
			`Lead ${lead.id}: webhook of chatbot ${lead.chatbotId} failed (attempt ${attempt} of ${WEBHOOK_MAX_ATTEMPTS}): ${message}`,
		)
	}
}
