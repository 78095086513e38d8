// What the owner's conversation log says under one of the chatbot's messages. The product's own
// notices (the handoff's "I've asked the team…", the lead form's offer) are stored like answers,
// named by a model of their own (conversation-log.server.ts finishFixedTurn): they are marked as
// notices, with no model and no passages. A reply that declined says so once: "Did not answer" and
// the model's name, never "Answered by" beside it. No server code: the log's page uses it.

/** The names the product's own fixed messages are stored under, in place of a model. */
export const HANDOFF_NOTICE_MODEL = 'Handoff'
export const LEAD_FORM_MODEL = 'Lead form'

export const isNoticeModel = (model: string | null) => model === HANDOFF_NOTICE_MODEL || model === LEAD_FORM_MODEL

type Reply = { model: string | null; modelError: string | null; answered: boolean | null }

export type ReplyLabels =
	| { kind: 'notice' }
	| { kind: 'reply'; declined: boolean; model: { label: string; verb: 'answered' | 'tried' | 'none' } | null }

export function replyLabels(reply: Reply, offlineLabel: string): ReplyLabels {
	if (isNoticeModel(reply.model)) return { kind: 'notice' }
	const declined = reply.answered === false
	if (!reply.model) return { kind: 'reply', declined, model: null }
	// A turn whose chosen model failed was not answered by it: it was tried.
	const verb = reply.modelError && reply.model !== offlineLabel ? 'tried' : declined ? 'none' : 'answered'
	return { kind: 'reply', declined, model: { label: reply.model, verb } }
}
