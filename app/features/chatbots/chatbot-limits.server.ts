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
	 * A visitor's posts while a person has their conversation (messages, "typing" every few seconds)
	 * and the opening of its live stream: a budget of their own, so a live chat does not spend the
	 * bot's. Messages are capped in length as chat messages are (ADR 0061).
	 */
	embedHandoffPerIp: { limit: 60, windowMs: 60_000 },
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

/**
 * A post from a widget's visitor at `ip`: one budget for everything they post to any widget, and
 * leads (each one stored and sent to the owner's webhook) a smaller one of their own.
 */
export function chargeEmbedVisitor(ip: string, what: 'chat' | 'feedback' | 'lead' | 'handoff') {
	if (what === 'handoff') return consumeRateLimit(`embed-handoff:ip:${ip}`, chatbotLimits.embedHandoffPerIp)
	const limits: Array<[string, RateLimitRule]> = [[`embed:ip:${ip}`, chatbotLimits.embedChatPerIp]]
	if (what === 'lead') limits.push([`embed-lead:ip:${ip}`, chatbotLimits.embedLeadsPerIp])
	return consumeRateLimits(limits)
}

/** One chat turn of the embedded chatbot `chatbotId`, from its budget across all visitors. */
export const chargeEmbedChatbot = (chatbotId: string) =>
	consumeRateLimit(embedChatbotKey(chatbotId), chatbotLimits.embedChatPerChatbot)

export const embedChatbotKey = (chatbotId: string) => `embed:bot:${chatbotId}`

/** One message or typing signal of the owner `userId` to a visitor they have taken over. */
export const chargeHandoffReply = (userId: string) =>
	consumeRateLimit(`handoff:user:${userId}`, chatbotLimits.handoffRepliesPerUser)
