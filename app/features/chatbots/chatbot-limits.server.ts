// The chatbots feature's rate limits: saves, website imports, knowledge files, widget pictures, the
// owner's preview chat and the widget embedded on other sites, counted on the shared mechanism in lib/rate-limit.server.ts.
import { consumeRateLimit, consumeRateLimits, type RateLimitRule } from '~/lib/rate-limit.server.ts'

export const chatbotLimits = {
	/**
	 * Creating and saving chatbots: each save writes up to 6 MB of text and queues its re-indexing.
	 * Saves made while a job waits fold into it, so an owner tuning their text costs one job at a time.
	 */
	chatbotSavesPerUser: { limit: 60, windowMs: 60 * 60_000 },
	/** Each website import fetches a page from the internet on the user's behalf. */
	websiteImportPerUser: { limit: 30, windowMs: 10 * 60_000 },
	/**
	 * Posts that carry knowledge files (up to 10 of 10 MB each): each file is read and normalised in
	 * the parser sandbox (by its `ingest-file` job), whose slots every account shares.
	 */
	knowledgeUploadsPerUser: { limit: 30, windowMs: 10 * 60_000 },
	/** Widget pictures: each upload is decoded in the parser sandbox, whose slots every account shares. */
	avatarUploadsPerUser: { limit: 10, windowMs: 10 * 60_000 },
	/** The owner's preview chat, on its page and in the builder's dialog. */
	previewChatPerUser: { limit: 60, windowMs: 60_000 },
	/**
	 * Embedded chatbots on other sites: per visitor for every chat, feedback and lead post (charged
	 * first), and per chatbot, so one bot cannot starve the rest, for valid chat turns only.
	 */
	embedChatPerIp: { limit: 20, windowMs: 60_000 },
	embedChatPerChatbot: { limit: 300, windowMs: 60_000 },
	/** Leads a visitor may leave (each is stored and sent to the owner's webhook). */
	embedLeadsPerIp: { limit: 5, windowMs: 10 * 60_000 },
	/**
	 * A live handoff (ADR 0061) has budgets of its own, so it does not spend the bot's, and one for
	 * each thing the widget does: the visitor's messages to the person (capped in length as chat
	 * messages are); "typing", which the widget says every 3 s at most while the visitor types (20 a
	 * minute); and the opening of its live stream, which EventSource retries by itself after a drop.
	 * Typing and streams count per visitor and, for everyone behind one address (an office, a mobile
	 * network), per address with room for many visitors: one typing visitor or one with many tabs
	 * cannot spend the others' budget, nor a burst of typing the stream's.
	 */
	embedHandoffMessagesPerIp: { limit: 60, windowMs: 60_000 },
	embedHandoffTypingPerVisitor: { limit: 30, windowMs: 60_000 },
	embedHandoffTypingPerIp: { limit: 300, windowMs: 60_000 },
	embedHandoffStreamsPerVisitor: { limit: 20, windowMs: 60_000 },
	embedHandoffStreamsPerIp: { limit: 200, windowMs: 60_000 },
	/** The owner's messages to visitors and typing signals. */
	handoffRepliesPerUser: { limit: 120, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>

/** One save (or creation) of a chatbot by `userId`. */
export const chargeChatbotSave = (userId: string) =>
	consumeRateLimit(`chatbot-save:user:${userId}`, chatbotLimits.chatbotSavesPerUser)

/** One website import (a page fetched now, or a page or site added as a source) by `userId`. */
export const chargeWebsiteImport = (userId: string) =>
	consumeRateLimit(`import:user:${userId}`, chatbotLimits.websiteImportPerUser)

/** One post with knowledge files by `userId`, whatever their number. */
export const chargeKnowledgeUploads = (userId: string) =>
	consumeRateLimit(`knowledge-upload:user:${userId}`, chatbotLimits.knowledgeUploadsPerUser)

/** One widget picture uploaded by `userId`, before the sandbox reads it. */
export const chargeAvatarUpload = (userId: string) =>
	consumeRateLimit(`avatar:user:${userId}`, chatbotLimits.avatarUploadsPerUser)

/** One preview question from the owner `userId`; the result says whether it may be answered. */
export const chargePreviewChat = (userId: string) =>
	consumeRateLimit(`preview:user:${userId}`, chatbotLimits.previewChatPerUser)

/** What a widget's visitor asks of the embed APIs, each on its budget. */
export type EmbedRequest = 'chat' | 'feedback' | 'lead' | 'handoff-message' | 'handoff-typing' | 'handoff-stream'

/**
 * A request from a widget's visitor at `ip` (`visitorId`: the widget's id for them, where the
 * budget is theirs): one budget for everything they post to the bot of any widget (leads, each one
 * stored and sent to the owner's webhook, have a smaller one of their own: chargeEmbedLead); a live
 * handoff's own.
 */
export function chargeEmbedVisitor(ip: string, what: EmbedRequest, visitorId = '') {
	if (what === 'handoff-message')
		return consumeRateLimit(`embed-handoff:ip:${ip}`, chatbotLimits.embedHandoffMessagesPerIp)
	// The visitor's own budget first: one who is refused spends nothing of their neighbours'.
	if (what === 'handoff-typing')
		return consumeRateLimits([
			[`embed-typing:visitor:${ip}:${visitorId}`, chatbotLimits.embedHandoffTypingPerVisitor],
			[`embed-typing:ip:${ip}`, chatbotLimits.embedHandoffTypingPerIp],
		])
	if (what === 'handoff-stream')
		return consumeRateLimits([
			[`embed-stream:visitor:${ip}:${visitorId}`, chatbotLimits.embedHandoffStreamsPerVisitor],
			[`embed-stream:ip:${ip}`, chatbotLimits.embedHandoffStreamsPerIp],
		])
	// A lead's own, smaller budget is charged only once the form is valid (chargeEmbedLead).
	return consumeRateLimit(`embed:ip:${ip}`, chatbotLimits.embedChatPerIp)
}

/**
 * One accepted lead from the visitor at `ip`: charged after the form was checked, so a visitor's
 * typing mistakes (a malformed e-mail, a missing field) do not spend the leads they may leave (trial).
 */
export const chargeEmbedLead = (ip: string) => consumeRateLimit(`embed-lead:ip:${ip}`, chatbotLimits.embedLeadsPerIp)

/** One chat turn of the embedded chatbot `chatbotId`, from its budget across all visitors. */
export const chargeEmbedChatbot = (chatbotId: string) =>
	consumeRateLimit(embedChatbotKey(chatbotId), chatbotLimits.embedChatPerChatbot)

export const embedChatbotKey = (chatbotId: string) => `embed:bot:${chatbotId}`

/** One message or typing signal of the owner `userId` to a visitor they have taken over. */
export const chargeHandoffReply = (userId: string) =>
	consumeRateLimit(`handoff:user:${userId}`, chatbotLimits.handoffRepliesPerUser)
