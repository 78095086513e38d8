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
	// A database that stalls must not stall every request with it: connections, statements and
	// client-side waits all have limits, and idle transactions are ended by the server.
	const adapter = new PrismaPg({
		connectionString,
		connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
		statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
		query_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS + 5_000,
		idle_in_transaction_session_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS * 2,
		idleTimeoutMillis: 30_000,
	})
	return new PrismaClient({ adapter })
})
