// A throw-away PostgreSQL for a test run: the embedded one in a temporary directory when
// DATABASE_URL is unset, otherwise fresh databases on the server DATABASE_URL points at.
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import {
	createDatabase,
	dropDatabase,
	startEmbeddedPostgres,
	type RunningPostgres,
} from '../../server/db/embedded-postgres.ts'

export type TestServer = {
	adminUrl: string
	/** Creates an empty database with a unique name; it and any copies of it (`<name>_…`) are dropped by `stop`. */
	createScratchDatabase: (prefix: string) => Promise<{ name: string; url: string }>
	stop: () => Promise<void>
	embedded: boolean
}

export async function startTestServer(existingUrl = process.env.DATABASE_URL): Promise<TestServer> {
	let embedded: RunningPostgres | undefined
	let adminUrl: string
	if (existingUrl) {
		const url = new URL(existingUrl)
		url.pathname = '/postgres'
		adminUrl = url.toString()
	} else {
		const databaseDir = await mkdtemp(path.join(os.tmpdir(), 'site-test-pg-'))
		embedded = await startEmbeddedPostgres({ databaseDir, persistent: false })
		adminUrl = embedded.adminUrl
	}
	const created: string[] = []
	return {
		adminUrl,
		embedded: Boolean(embedded),
		async createScratchDatabase(prefix) {
			const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`
			const url = await createDatabase(adminUrl, name)
			created.push(name)
			return { name, url }
		},
		async stop() {
			const client = new pg.Client({ connectionString: adminUrl })
			await client.connect()
			const { rows } = await client
				.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = ANY($1) OR datname LIKE ANY($2)', [
					created,
					created.map((name) => `${name}\\_%`),
				])
				.finally(() => client.end())
			for (const { datname } of rows) await dropDatabase(adminUrl, datname).catch(() => {})
			await embedded?.stop()
		},
	}
}
