// Fixed-window rate limits held in Postgres, so every app instance counts against the same limit.
// This is the mechanism only: each feature declares its own limits (their keys, windows and budgets)
// in its own folder (the accounts feature's auth-limits.server.ts, for one), and routes answer a refusal.
import { prisma } from './db.server.ts'
import { withDeadline } from './deadline.ts'

export type RateLimitRule = { limit: number; windowMs: number }
export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number }

/** How long a limit check may wait for the database before this process counts on its own. */
const DATABASE_DEADLINE_MS = 1_000
/** Keys this process tracks at most while the database is away; the oldest windows go first. */
const FALLBACK_MAX_KEYS = 10_000
const fallbackWindows = new Map<string, { start: number; count: number }>()
/** After a failure the database is left alone this long, so each request does not wait for it again. */
const DATABASE_RETRY_AFTER_MS = 5_000
let databaseDownUntil = 0
let lastFallbackLog = 0

/**
 * Counts one attempt against `key` and says whether it is within the rule. One atomic statement in
 * the shared database; when the database does not answer within a second, the same fixed window is
 * counted in this process instead, so a database outage neither lets floods through nor turns
 * every rate-limited request (the public chat, for one) into an error.
 */
export async function consumeRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
	if (Date.now() < databaseDownUntil) return consumeInProcess(key, rule)
	try {
		return await withDeadline(
			consumeInDatabase(key, rule),
			DATABASE_DEADLINE_MS,
			() => new Error(`no answer within ${DATABASE_DEADLINE_MS} ms`),
		)
	} catch (error) {
		databaseDownUntil = Date.now() + DATABASE_RETRY_AFTER_MS
		if (Date.now() - lastFallbackLog > 60_000) {
			lastFallbackLog = Date.now()
			console.error(
				`Rate limits: the database failed (${(error as Error).message}); counting in this process until it is back.`,
			)
		}
		return consumeInProcess(key, rule)
	}
}

async function consumeInDatabase(key: string, { limit, windowMs }: RateLimitRule): Promise<RateLimitResult> {
	const rows = await prisma.$queryRaw<Array<{ count: number; window_start: Date }>>`
		INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
		ON CONFLICT (key) DO UPDATE SET
			count = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000}) THEN 1 ELSE rate_limits.count + 1 END,
			window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowMs / 1000}) THEN now() ELSE rate_limits.window_start END
		RETURNING count, window_start`
	const { count, window_start } = rows[0]
	const retryAfterSeconds = Math.max(1, Math.ceil((window_start.getTime() + windowMs - Date.now()) / 1000))
	return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds }
}

function consumeInProcess(key: string, { limit, windowMs }: RateLimitRule): RateLimitResult {
	const now = Date.now()
	let window = fallbackWindows.get(key)
	if (!window || window.start <= now - windowMs) {
		window = { start: now, count: 0 }
		fallbackWindows.delete(key)
		if (fallbackWindows.size >= FALLBACK_MAX_KEYS) fallbackWindows.delete(fallbackWindows.keys().next().value!)
		fallbackWindows.set(key, window)
	}
	window.count++
	const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))
	return { allowed: window.count <= limit, remaining: Math.max(0, limit - window.count), retryAfterSeconds }
}

/**
 * Consumes the rules in order, the caller's own first (their address, then the shared budget of
 * what they call): the first one over its limit refuses, and the rules after it are not charged, so
 * a caller who is refused spends nobody else's budget (one address flooding a voice assistant does
 * not use up the budget its other callers share).
 */
export async function consumeRateLimits(entries: Array<[key: string, rule: RateLimitRule]>) {
	let tightest: RateLimitResult = { allowed: true, remaining: Infinity, retryAfterSeconds: 0 }
	for (const [key, rule] of entries) {
		const result = await consumeRateLimit(key, rule)
		if (!result.allowed) return result
		if (result.remaining < tightest.remaining) tightest = result
	}
	return tightest
}

/**
 * Hands back one attempt counted by consumeRateLimits (a sign-in that succeeded is not a failure).
 * Best effort: a database that does not answer leaves the count as it was.
 */
export async function releaseRateLimits(keys: string[]) {
	for (const key of keys) {
		const window = fallbackWindows.get(key)
		if (window && window.count > 0) window.count--
	}
	if (Date.now() < databaseDownUntil) return
	await withDeadline(
		prisma.$executeRaw`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ANY(${keys})`,
		DATABASE_DEADLINE_MS,
		() => new Error(`no answer within ${DATABASE_DEADLINE_MS} ms`),
	).catch((error) => console.error(`Rate limits: releasing an attempt failed: ${(error as Error).message}`))
}

/** Forgets the counts of `keys` (a password reset makes the guesses against the old one moot). */
export async function clearRateLimits(keys: string[]) {
	for (const key of keys) fallbackWindows.delete(key)
	await prisma.rateLimit.deleteMany({ where: { key: { in: keys } } })
}

export function tooManyAttemptsMessage(retryAfterSeconds: number) {
	const minutes = Math.ceil(retryAfterSeconds / 60)
	return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** Old windows are dead weight; the hourly prune-expired job removes them. */
export async function pruneRateLimits(olderThanMs = 24 * 60 * 60_000) {
	return (await prisma.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(Date.now() - olderThanMs) } } }))
		.count
}
