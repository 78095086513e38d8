import { VisitorHandoffSchema } from '~/features/chatbots/handoff/handoff-schema.ts'
import { visitorLeft, visitorSays, visitorTyping } from '~/features/chatbots/handoff/handoff.server.ts'
import { jsonError, postOnly, readJsonBody } from '~/lib/http.server.ts'
import type { Route } from './+types/embed-handoff'
import { embedAccess } from './embed-access.server.ts'

// POST /api/embed/:chatbotId/handoff: a visitor's message (or "typing") while a person has, or is
// awaited for, their conversation, with the embed's token. Stored as the visitor's, whatever the
// body says: a visitor cannot write as the team. 409 when the conversation is back with the bot
// (the widget asks the chat API then). docs/decisions/0061-live-handoff-over-listen-notify.md
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	// The body first (capped, no look-up): a message and "typing" are charged to budgets of their own.
	const body = await readJsonBody(request, { maxBytes: 16_384, tooLarge: 'The message is too long.' })
	if (!body.ok) return jsonError(body.message, body.status)
	const parsed = VisitorHandoffSchema.safeParse(body.value)
	if (!parsed.success) return jsonError(parsed.error.issues[0].message, 400)
	const form = parsed.data
	const access = await embedAccess(
		request,
		params.chatbotId,
		form.intent === 'typing' ? 'handoff-typing' : 'handoff-message',
		{ visitorId: form.visitorId },
	)
	if ('response' in access) return access.response
	if (!access.chatbot.handoff.enabled) return jsonError('This chat does not hand conversations to a person.', 404)
	const key = { chatbotId: access.chatbot.id, visitorId: form.visitorId, clientId: form.conversationId }
	const headers = { 'Cache-Control': 'no-store' }
	if (form.intent === 'typing') return Response.json({ ok: await visitorTyping(key) }, { headers })
	if (form.intent === 'leave') return Response.json({ ok: await visitorLeft(key) }, { headers })
	const state = await visitorSays(key, form.messageId, form.text)
	if (!state) return jsonError('The assistant answers this conversation again.', 409)
	return Response.json({ ok: true, state }, { status: 201, headers })
}

export async function loader() {
	return postOnly()
}
