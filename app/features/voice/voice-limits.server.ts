// The voice API's rate limits, counted on the shared mechanism in lib/rate-limit.server.ts.
import { isUuid } from '~/lib/misc.ts'
import { consumeRateLimits, type RateLimitRule } from '~/lib/rate-limit.server.ts'

const rules = {
	/** Every call (start, message, end) per caller address. */
	perIp: { limit: 60, windowMs: 60_000 },
	/** And per agent, so one agent's callers cannot use up the server. */
	perAgent: { limit: 600, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>

/** Charges one voice API call from the address `ip` to `agentId`; the result says whether it may go ahead. */
export function chargeVoiceCall(ip: string, agentId: string) {
	const limits: Array<[string, RateLimitRule]> = [[`voice:ip:${ip}`, rules.perIp]]
	// Only a well-formed id gets a counter of its own; anything else cannot match an agent anyway.
	if (isUuid(agentId)) limits.push([`voice:agent:${agentId}`, rules.perAgent])
	return consumeRateLimits(limits)
}
