import { getUser } from '~/features/accounts/auth.server.ts'
import { handoffStreamResponse, ownsConversation } from '~/features/chatbots/handoff/handoff.server.ts'
import { readFormData } from '~/lib/forms.server.ts'
import type { Route } from './+types/conversation-events'
import { isHandoffIntent, ownerHandoffAction } from './handoff-actions.server.ts'

// GET /playground/chatbots/:chatbotId/conversations/:conversationId/events: the owner's live stream of
// one conversation (SSE): its state, new messages of every author, the visitor typing. Only the
// chatbot's owner; anyone else gets 404, as for the page. docs/decisions/0061-live-handoff-over-listen-notify.md
export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await getUser(request)
	if (!user) return new Response('Sign in first.', { status: 401 })
	if (!(await ownsConversation(user.id, params.chatbotId, params.conversationId)))
		return new Response('Not found.', { status: 404 })
	const since = new Date(new URL(request.url).searchParams.get('since') ?? '')
	return handoffStreamResponse(request, {
		conversationId: params.conversationId,
		audience: 'owner',
		holder: user.id,
		watcher: user.id,
		since: Number.isNaN(since.getTime()) ? new Date() : since,
	})
}

// POST (the live view, with JavaScript): a reply or "typing", answered in JSON so the page is not
// reloaded; the same actions as the page's form posts.
export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await getUser(request)
	if (!user) return Response.json({ error: 'Sign in first.' }, { status: 401 })
	const form = await readFormData(request)
	if (!isHandoffIntent(form.get('intent'))) return Response.json({ error: 'Unknown action.' }, { status: 400 })
	const outcome = await ownerHandoffAction(user.id, params, form)
	const headers = { 'Cache-Control': 'private, no-store' }
	if (outcome.ok) return Response.json({ ok: true }, { headers })
	return Response.json({ error: outcome.message }, { status: outcome.status, headers })
}
