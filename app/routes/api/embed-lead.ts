import { LEAD_MAX_BYTES } from '~/features/chatbots/conversations/conversation-schema.ts'
import { acceptLead } from '~/features/chatbots/conversations/leads.server.ts'
import { jsonError, postOnly, readJsonBody, tooManyRequests } from '~/lib/http.server.ts'
import type { Route } from './+types/embed-lead'
import { embedAccess } from './embed-access.server.ts'

// POST /api/embed/:chatbotId/lead: the contact details a visitor left in the widget's lead form,
// checked against the fields the owner asks for, stored with the conversation, and sent on to the
// owner's webhook by a job.
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const access = await embedAccess(request, params.chatbotId, 'lead')
	if ('response' in access) return access.response
	const body = await readJsonBody(request, { maxBytes: LEAD_MAX_BYTES, tooLarge: 'The form is too long.' })
	if (!body.ok) return jsonError(body.message, body.status)
	const lead = await acceptLead(request, access.chatbot, access.siteOrigin, body.value)
	if (!lead.ok) {
		if (lead.status === 429) return tooManyRequests(lead.error, lead.retryAfterSeconds)
		return lead.status === 400
			? Response.json({ error: lead.error, errors: lead.errors }, { status: 400 })
			: jsonError(lead.error, lead.status)
	}
	const { leadId } = lead
	return Response.json({ ok: true, leadId }, { status: 201, headers: { 'Cache-Control': 'no-store' } })
}

export async function loader() {
	return postOnly()
}
