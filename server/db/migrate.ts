// Applies prisma/migrations/*/migration.sql in order and records each in Prisma's own
// `_prisma_migrations` table, so a machine that has Prisma's schema engine sees them as applied.
// Why not `prisma migrate deploy`: it needs a native binary that cannot be downloaded here
// (docs/decisions/0002-prisma-migrations.md).
import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { Logger, runMigrations } from 'graphile-worker'
import pg from 'pg'

// Any constant works; every instance of the app must use the same one.
const MIGRATION_LOCK_ID = 727_274_001

const quietJobLogger = new Logger(() => (level, message) => {
	if (level === 'error' || level === 'warning') console.warn(`[jobs] ${message}`)
})

export type MigrationResult = { applied: string[]; alreadyApplied: string[] }

export function findMigrationsDir(from = import.meta.dirname): string {
	let dir = from
	for (;;) {
		const candidate = path.join(dir, 'prisma', 'migrations')
		if (existsSync(candidate)) return candidate
		const parent = path.dirname(dir)
		if (parent === dir) throw new Error(`No prisma/migrations folder above ${from}`)
		dir = parent
	}
}

export async function listMigrations(migrationsDir = findMigrationsDir()) {
	const entries = await readdir(migrationsDir, { withFileTypes: true })
	const names = entries
		.filter((e) => e.isDirectory() && existsSync(path.join(migrationsDir, e.name, 'migration.sql')))
		.map((e) => e.name)
		.sort()
	return Promise.all(
		names.map(async (name) => {
			const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8')
			return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
		}),
	)
}

export async function applyMigrations({
	databaseUrl,
	migrationsDir = findMigrationsDir(),
	log = (message: string) => console.log(message),
}: {
	databaseUrl: string
	migrationsDir?: string
	log?: (message: string) => void
}): Promise<MigrationResult> {
	const migrations = await listMigrations(migrationsDir)
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	const result: MigrationResult = { applied: [], alreadyApplied: [] }
	try {
		// Several app instances may boot at once: only one migrates, the others wait and then see
		// everything applied.
		await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
		await client.query(`
			CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
				"id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
				"checksum"            VARCHAR(64) NOT NULL,
				"finished_at"         TIMESTAMPTZ,
				"migration_name"      VARCHAR(255) NOT NULL,
				"logs"                TEXT,
				"rolled_back_at"      TIMESTAMPTZ,
				"started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
				"applied_steps_count" INTEGER NOT NULL DEFAULT 0
			)`)
		const { rows } = await client.query<{
			migration_name: string
			checksum: string
			finished_at: Date | null
		}>(`SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`)
		const recorded = new Map(rows.map((r) => [r.migration_name, r]))

		for (const migration of migrations) {
			const row = recorded.get(migration.name)
			if (row && !row.finished_at) {
				throw new Error(
					`Migration ${migration.name} is recorded as started but never finished (a failed ` +
						`\`prisma migrate\` run?). Fix the database, then mark it rolled back or finished in _prisma_migrations.`,
				)
			}
			if (row) {
				if (row.checksum !== migration.checksum) {
					log(
						`warning: migration ${migration.name} was edited after it was applied (checksum differs); ` +
							`add a new migration instead of changing an applied one.`,
					)
				}
				result.alreadyApplied.push(migration.name)
				continue
			}
			// Each migration and its record commit together: a failure leaves no trace.
			await client.query('BEGIN')
			try {
				await client.query(migration.sql)
				await client.query(
					`INSERT INTO "_prisma_migrations"
						(id, checksum, migration_name, started_at, finished_at, applied_steps_count)
					 VALUES ($1, $2, $3, now(), now(), 1)`,
					[randomUUID(), migration.checksum, migration.name],
				)
				await client.query('COMMIT')
			} catch (error) {
				await client.query('ROLLBACK')
				const reason = error instanceof Error ? error.message : String(error)
				throw new Error(`Migration ${migration.name} failed and was rolled back: ${reason}`, {
					cause: error,
				})
			}
			result.applied.push(migration.name)
			log(`Applied migration ${migration.name}`)
		}
		// The job queue's own schema too, so requests can queue jobs (in their own transactions)
		// even on an instance that runs no worker (JOB_CONCURRENCY=0).
		await runMigrations({ connectionString: databaseUrl, logger: quietJobLogger })
	} finally {
		await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
		await client.end()
	}
	return result
}
