// The voice API's rate limits, counted on the shared mechanism in lib/rate-limit.server.ts, in the
// order of ADR 0060: the caller's address for every request (junk included: it spends only its
// sender's budget), then, only once the conversation (or, for start, the agent) has been looked up
// and found live, the conversation's own share and last the agent's, so requests with made-up or
// ended conversation ids never reach the budget an agent's real callers share.
import { isUuid } from '~/lib/misc.ts'
import { consumeRateLimit, consumeRateLimits, type RateLimitRule } from '~/lib/rate-limit.server.ts'

const rules = {
	/** Every call (start, message, speech, timings, end) per caller address, valid or not. */
	perIp: { limit: 60, windowMs: 60_000 },
	/**
	 * Every call about one live conversation (message, speech, timings, end): its fair share of the
	 * agent's budget, whatever addresses it comes from. A turn is about six calls (the message, a
	 * few sentences spoken, its timings).
	 */
	perConversation: { limit: 60, windowMs: 60_000 },
	/** And per agent, for valid work only, so one agent's callers cannot use up the server. */
	perAgent: { limit: 600, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>

/**
 * Voice assistants one account may have. Each one answers the public voice API on the server's
 * providers and may hold a knowledge base (that counts in the account's knowledge quota,
 * chatbots/knowledge-quota.server.ts), so their number is bounded like everything else an account keeps.
 */
export const MAX_AGENTS_PER_USER = 20

/** One voice API request from the address `ip`, charged before anything is looked up. */
export const chargeVoiceCaller = (ip: string) => consumeRateLimit(`voice:ip:${ip}`, rules.perIp)

/**
 * Valid work for `agentId` (a conversation started) or in its live conversation `conversationId`:
 * the conversation's share first, then the agent's; a refusal by the first does not charge the second.
 */
export function chargeVoiceWork({ agentId, conversationId }: { agentId: string; conversationId?: string }) {
	const limits: Array<[string, RateLimitRule]> = []
	if (conversationId && isUuid(conversationId))
		limits.push([`voice:conversation:${conversationId}`, rules.perConversation])
	if (isUuid(agentId)) limits.push([`voice:agent:${agentId}`, rules.perAgent])
	return consumeRateLimits(limits)
}
