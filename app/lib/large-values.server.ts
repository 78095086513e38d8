// Large byte values (uploaded files, up to 10 MB each) go to and from PostgreSQL through
// node-postgres directly, on a small pool of their own: Prisma's client converts a bytes parameter
// or column on the event loop, which stalled every other request for 0.4-0.9 s per 10 MB (measured
// on this 2-core machine; node-postgres: under 0.1 s, its hex conversion is native). A value to be
// written inside a Prisma transaction is staged first (`stageBytes`) and copied by the database
// (`INSERT … SELECT bytes FROM staged_uploads`), so the bytes never pass through Prisma.
import pg from 'pg'
import { getEnv } from './env.server.ts'

let pool: pg.Pool | undefined

function largeValuesPool() {
	if (pool) return pool
	const env = getEnv()
	pool = new pg.Pool({
		connectionString: process.env.DATABASE_URL,
		max: 2,
		connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
		statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
		query_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS + 5_000,
		idleTimeoutMillis: 30_000,
		// Idle connections do not keep a process (a test, a script) alive.
		allowExitOnIdle: true,
	})
	pool.on('error', (error) => console.error(`Large values: an idle database connection failed: ${error.message}`))
	return pool
}

/** How long a staged value is kept when the transaction that should use it never came. */
const STAGED_HOURS = 1

/** How often this process clears leftovers: not on every upload. */
const PRUNE_EVERY_MS = 10 * 60_000
let prunedAt = 0

/** Stores `bytes` for a transaction to copy; returns its id in staged_uploads. */
export async function stageBytes(bytes: Uint8Array): Promise<string> {
	const db = largeValuesPool()
	// Leftovers of a process that stopped between staging and its transaction go, now and then.
	if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
		prunedAt = Date.now()
		await db.query(`DELETE FROM staged_uploads WHERE created_at < now() - make_interval(hours => $1)`, [STAGED_HOURS])
	}
	const { rows } = await db.query<{ id: string }>('INSERT INTO staged_uploads (bytes) VALUES ($1) RETURNING id', [
		Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
	])
	return rows[0].id
}

/** Drops staged values (a transaction that used them has deleted them already). Best effort. */
export async function dropStaged(ids: string[]) {
	if (ids.length === 0) return
	await largeValuesPool()
		.query('DELETE FROM staged_uploads WHERE id = ANY($1::uuid[])', [ids])
		.catch((error: Error) =>
			console.error(`Large values: dropping ${ids.length} staged values failed: ${error.message}`),
		)
}

/**
 * One bytea column of one row (`sql` selects it as `bytes`), read without Prisma; null when none.
 * A Uint8Array of its own: node-postgres may hand back a small Buffer that is a view into a shared
 * pool, which a worker thread given its `.buffer` would read whole.
 */
export async function readBytes(sql: string, values: unknown[]): Promise<Uint8Array | null> {
	const { rows } = await largeValuesPool().query<{ bytes: Buffer | null }>(sql, values)
	const bytes = rows[0]?.bytes
	return bytes ? new Uint8Array(bytes) : null
}
