import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDatabase, dropDatabase } from './embedded-postgres.ts'
import { applyMigrations, listMigrations } from './migrate.ts'
import { findSchemaDrift } from './schema-drift.ts'

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL!
const scratch: string[] = []

async function scratchDatabase() {
	const name = `migrate_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`
	scratch.push(name)
	return createDatabase(adminUrl, name)
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query<T>(sql, params)).rows
	} finally {
		await client.end()
	}
}

let freshUrl: string
beforeAll(async () => {
	freshUrl = await scratchDatabase()
})
afterAll(async () => {
	for (const name of scratch) await dropDatabase(adminUrl, name)
})

describe('migration runner', () => {
	test('applies every migration once and records it the way Prisma does', async () => {
		const migrations = await listMigrations()
		const first = await applyMigrations({ databaseUrl: freshUrl, log: () => {} })
		expect(first.applied).toEqual(migrations.map((m) => m.name))

		const rows = await query<{
			migration_name: string
			checksum: string
			finished_at: Date | null
			applied_steps_count: number
		}>(
			freshUrl,
			'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
		)
		expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name))
		for (const [index, row] of rows.entries()) {
			expect(row.checksum).toBe(migrations[index].checksum)
			expect(row.checksum).toMatch(/^[0-9a-f]{64}$/)
			expect(row.finished_at).toBeInstanceOf(Date)
			expect(row.applied_steps_count).toBe(1)
		}

		const second = await applyMigrations({ databaseUrl: freshUrl, log: () => {} })
		expect(second.applied).toEqual([])
		expect(second.alreadyApplied).toEqual(migrations.map((m) => m.name))
	})

	test('instances booting together migrate once, under the advisory lock', async () => {
		const url = await scratchDatabase()
		const results = await Promise.all([1, 2, 3].map(() => applyMigrations({ databaseUrl: url, log: () => {} })))
		const appliedCounts = results.map((r) => r.applied.length).sort()
		expect(appliedCounts.filter((n) => n > 0)).toHaveLength(1)
		const [{ count }] = await query<{ count: string }>(url, 'SELECT count(*) FROM _prisma_migrations')
		expect(Number(count)).toBe((await listMigrations()).length)
	})

	test('a failing migration is rolled back whole and names itself', async () => {
		const url = await scratchDatabase()
		const dir = await mkdtemp(path.join(os.tmpdir(), 'migrations-'))
		await mkdir(path.join(dir, '001_ok'))
		await writeFile(path.join(dir, '001_ok', 'migration.sql'), 'CREATE TABLE ok_table (id int);')
		await mkdir(path.join(dir, '002_broken'))
		await writeFile(
			path.join(dir, '002_broken', 'migration.sql'),
			'CREATE TABLE half_table (id int);\nSELECT * FROM no_such_table;',
		)

		await expect(applyMigrations({ databaseUrl: url, migrationsDir: dir, log: () => {} })).rejects.toThrow(
			/002_broken failed and was rolled back/,
		)
		const tables = await query<{ table_name: string }>(
			url,
			`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
		)
		const names = tables.map((t) => t.table_name)
		expect(names).toContain('ok_table')
		expect(names).not.toContain('half_table')
		const recorded = await query<{ migration_name: string }>(url, 'SELECT migration_name FROM _prisma_migrations')
		expect(recorded.map((r) => r.migration_name)).toEqual(['001_ok'])
	})
})

describe('schema.prisma and the migrated database', () => {
	test('agree on every table, column, type, nullability, default and unique index', async () => {
		expect(await findSchemaDrift(process.env.DATABASE_URL!)).toEqual([])
	})

	test('drift is reported when a migration and the schema disagree', async () => {
		const url = await scratchDatabase()
		await applyMigrations({ databaseUrl: url, log: () => {} })
		await query(url, 'ALTER TABLE call_logs DROP COLUMN inquiry_details')
		await query(url, 'ALTER TABLE chatbots ALTER COLUMN name DROP NOT NULL')
		await query(url, 'ALTER TABLE agents ALTER COLUMN voice_settings TYPE text')
		await query(url, 'ALTER TABLE users ADD COLUMN tenant text NOT NULL')
		const problems = await findSchemaDrift(url)
		expect(problems).toEqual(
			expect.arrayContaining([
				expect.stringContaining('CallLog.inquiryDetails ("call_logs"."inquiry_details"): column does not exist'),
				expect.stringContaining('Chatbot.name ("chatbots"."name"): column is nullable'),
				expect.stringContaining('Agent.voiceSettings ("agents"."voice_settings"): column type is text'),
				expect.stringContaining('"users"."tenant": NOT NULL without default'),
			]),
		)
	})
})

test('the knowledge-sources migration turns each chatbot’s text into a text source, its chunks kept', async () => {
	const url = await scratchDatabase()
	const before = await mkdtemp(path.join(os.tmpdir(), 'migrations-before-'))
	for (const migration of await listMigrations()) {
		if (migration.name >= '20261122110000_knowledge_sources') continue
		await mkdir(path.join(before, migration.name))
		await writeFile(path.join(before, migration.name, 'migration.sql'), migration.sql)
	}
	await applyMigrations({ databaseUrl: url, migrationsDir: before, log: () => {} })
	const [user] = await query<{ id: string }>(
		url,
		`INSERT INTO users (email, password_hash) VALUES ('old@example.com', 'x') RETURNING id`,
	)
	const [chatbot] = await query<{ id: string }>(
		url,
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt) VALUES ($1, 'Old', 'Refunds take 5 days.', '') RETURNING id`,
		[user.id],
	)
	await query(
		url,
		`INSERT INTO knowledge_chunks (chatbot_id, position, content) VALUES ($1, 0, 'Refunds take 5 days.')`,
		[chatbot.id],
	)

	await applyMigrations({ databaseUrl: url, log: () => {} })
	const sources = await query<{ id: string; kind: string; status: string; chars: number; chunk_count: number }>(
		url,
		`SELECT id, kind, status, chars, chunk_count FROM knowledge_sources WHERE chatbot_id = $1`,
		[chatbot.id],
	)
	expect(sources).toEqual([{ id: expect.any(String), kind: 'text', status: 'ready', chars: 20, chunk_count: 1 }])
	expect(
		await query(url, `SELECT source_id, content FROM knowledge_chunks WHERE chatbot_id = $1`, [chatbot.id]),
	).toEqual([{ source_id: sources[0].id, content: 'Refunds take 5 days.' }])
})
