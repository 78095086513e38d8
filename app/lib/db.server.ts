import { remember } from '@epic-web/remember'
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '~/generated/prisma/client.ts'
import { getEnv } from './env.server.ts'

// One client per process, kept across dev-server reloads. DATABASE_URL is read on first use
// because server.ts sets it after starting the embedded database.
export const prisma = remember('prisma', () => {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) throw new Error('DATABASE_URL is not set: the server sets it at boot')
	const env = getEnv()
	// A database that stalls must not stall every request with it: connections, statements, lock
	// waits and client-side waits all have limits, and idle transactions are ended by the server.
	// The pool's size is configuration; server/request-share.ts keeps one client to a share of it.
	const adapter = new PrismaPg({
		connectionString,
		max: env.DATABASE_POOL_SIZE,
		lock_timeout: env.DATABASE_LOCK_TIMEOUT_MS,
		connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
		statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
		query_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS + 5_000,
		idle_in_transaction_session_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS * 2,
		idleTimeoutMillis: 30_000,
	})
	return new PrismaClient({ adapter })
})

/** PostgreSQL's SQLSTATE for a statement that gave up waiting for a lock (lock_timeout). */
const LOCK_NOT_AVAILABLE = '55P03'

/**
 * Whether an error is a lock time-out: another request or job holds the row. Not a failure of the
 * app: the caller answers "try again in a moment". Prisma wraps the driver's error; its code is
 * found on the error or on one of its causes.
 */
export function isLockTimeout(error: unknown): boolean {
	const seen = new Set<unknown>()
	let current = error
	while (current && typeof current === 'object' && !seen.has(current)) {
		seen.add(current)
		const found = current as {
			code?: unknown
			originalCode?: unknown
			meta?: { code?: unknown; driverAdapterError?: unknown }
			cause?: unknown
		}
		if ([found.code, found.originalCode, found.meta?.code].includes(LOCK_NOT_AVAILABLE)) return true
		current = found.cause ?? found.meta?.driverAdapterError
	}
	return false
}
