// The Models page's limits, counted on the shared mechanism in lib/rate-limit.server.ts: each test
// calls a provider on the administrator's key, which has its own rate budget at the provider.
import { consumeRateLimit, type RateLimitRule } from '~/lib/rate-limit.server.ts'

const rules = {
	/** Tests per administrator. */
	testsPerUser: { limit: 20, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>

/** Charges one connection test to `userId`; the result says whether it may go ahead. */
export const chargeConnectionTest = (userId: string) => consumeRateLimit(`models:test:${userId}`, rules.testsPerUser)
