import { countryOf, ipHashOf, pageUrlOf } from '~/features/chatbots/conversations/conversation-log.server.ts'
import { leadSchema } from '~/features/chatbots/conversations/conversation-schema.ts'
import { saveLead } from '~/features/chatbots/conversations/leads.server.ts'
import { jsonError, postOnly, readJsonBody } from '~/lib/http.server.ts'
import type { Route } from './+types/embed-lead'
import { embedAccess } from './embed-access.server.ts'

// POST /api/embed/:chatbotId/lead: the contact details a visitor left in the widget's lead form,
// checked against the fields the owner asks for, stored with the conversation, and sent on to the
// owner's webhook by a job.
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const access = await embedAccess(request, params.chatbotId, 'lead')
	if ('response' in access) return access.response
	const { chatbot, siteOrigin } = access
	const { leadForm } = chatbot.appearance
	// With handoff on, a visitor nobody could take is offered the form even when it is otherwise off (ADR 0061).
	if (leadForm.mode === 'off' && !chatbot.handoff.enabled)
		return jsonError('This chat does not take contact details.', 404)
	const body = await readJsonBody(request, { maxBytes: 8192, tooLarge: 'The form is too long.' })
	if (!body.ok) return jsonError(body.message, body.status)
	const parsed = leadSchema(leadForm.fields).safeParse(body.value)
	if (!parsed.success) {
		const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]))
		return Response.json({ error: parsed.error.issues[0].message, errors }, { status: 400 })
	}
	const leadId = await saveLead(chatbot.id, parsed.data, {
		pageUrl: pageUrlOf(siteOrigin, parsed.data.page),
		country: countryOf(request),
		ipHash: ipHashOf(request),
	})
	return Response.json({ ok: true, leadId }, { status: 201, headers: { 'Cache-Control': 'no-store' } })
}

export async function loader() {
	return postOnly()
}
