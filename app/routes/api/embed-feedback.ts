import { setFeedback } from '~/features/chatbots/conversations/conversation-log.server.ts'
import { FeedbackSchema } from '~/features/chatbots/conversations/conversation-schema.ts'
import { jsonError, postOnly, readJsonBody } from '~/lib/http.server.ts'
import type { Route } from './+types/embed-feedback'
import { embedAccess } from './embed-access.server.ts'

// POST /api/embed/:chatbotId/feedback: a visitor's thumbs up or down (and comment) on one of the
// answers they were given, with the embed's token. Only their own answers: the visitor id must be
// the conversation's.
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return postOnly()
	const access = await embedAccess(request, params.chatbotId, 'feedback')
	if ('response' in access) return access.response
	const body = await readJsonBody(request, { maxBytes: 4096, tooLarge: 'The feedback is too long.' })
	if (!body.ok) return jsonError(body.message, body.status)
	const parsed = FeedbackSchema.safeParse(body.value)
	if (!parsed.success) return jsonError(parsed.error.issues[0].message, 400)
	const { visitorId, messageId, rating, comment } = parsed.data
	const saved = await setFeedback(access.chatbot.id, visitorId, messageId, rating, comment || null)
	if (saved === 'not-found') return jsonError('That answer was not found.', 404)
	// A person's message or the chat's own notice: the widget shows no thumbs there (ADR 0061).
	if (saved === 'not-an-answer') return jsonError("Only the chatbot's answers take feedback.", 422)
	return Response.json({ ok: true }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function loader() {
	return postOnly()
}
