// The owner's handoff actions on one conversation, shared by the page's form posts (without
// JavaScript: a redirect with a toast) and the live view's posts to its stream route (JSON, no page
// reload): take over, hand back, a reply, typing. Only the chatbot's owner; anyone else gets 404.
import { chargeHandoffReply } from '~/features/chatbots/chatbot-limits.server.ts'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import { OwnerHandoffSchema } from '~/features/chatbots/handoff/handoff-schema.ts'
import {
	handBack,
	handoffEnabled,
	personSays,
	personTyping,
	takeOver,
} from '~/features/chatbots/handoff/handoff.server.ts'

export type HandoffOutcome =
	| { ok: true; message?: string }
	| { ok: false; status: 400 | 404 | 409 | 429; message: string; retryAfterSeconds?: number }

const notFound = { ok: false, status: 404, message: 'Not found.' } as const

export function isHandoffIntent(intent: unknown) {
	return intent === 'take-over' || intent === 'hand-back' || intent === 'say' || intent === 'typing'
}

export async function ownerHandoffAction(
	userId: string,
	params: { chatbotId: string; conversationId: string },
	form: FormData,
): Promise<HandoffOutcome> {
	const field = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' && value !== '' ? value : undefined
	}
	const parsed = OwnerHandoffSchema.safeParse({
		intent: field('intent'),
		text: field('text') ?? (form.get('intent') === 'say' ? '' : undefined),
		messageId: field('messageId'),
		stopped: field('stopped'),
	})
	if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0].message }
	const { chatbotId, conversationId } = params
	const action = parsed.data
	if (action.intent === 'take-over') {
		if (await takeOver(userId, chatbotId, conversationId)) return { ok: true, message: handoffCopy.owner.takenOver }
		// Their chatbot, with handoff off: said so (the visitor would never see the owner's messages).
		return (await handoffEnabled(userId, chatbotId)) === false
			? { ok: false, status: 409, message: handoffCopy.owner.handoffOff }
			: notFound
	}
	if (action.intent === 'hand-back')
		return (await handBack(userId, chatbotId, conversationId))
			? { ok: true, message: handoffCopy.owner.handedBack }
			: notFound
	const limit = await chargeHandoffReply(userId)
	if (!limit.allowed)
		return {
			ok: false,
			status: 429,
			message: 'You are sending very fast. Wait a moment.',
			retryAfterSeconds: limit.retryAfterSeconds,
		}
	if (action.intent === 'typing')
		// Not theirs: 404 as for every other action (a stranger's "typing" was a quiet success, 302 by form).
		return (await personTyping(userId, chatbotId, conversationId, !action.stopped)) === 'not-found'
			? notFound
			: { ok: true }
	const sent = await personSays(userId, chatbotId, conversationId, action.text, action.messageId)
	if (sent === 'not-found') return notFound
	if (sent === 'not-taken') return { ok: false, status: 409, message: handoffCopy.owner.sendFailed }
	return { ok: true }
}
