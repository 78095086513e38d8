// Gives every Vitest run a migrated throw-away database (DATABASE_URL) and the server's admin URL
// (TEST_ADMIN_DATABASE_URL) for tests that need scratch databases of their own.
import { applyMigrations } from '../../server/db/migrate.ts'
import { startTestServer } from './test-database.ts'

export default async function setup() {
	const server = await startTestServer(process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL)
	const { url } = await server.createScratchDatabase('unit')
	await applyMigrations({ databaseUrl: url, log: () => {} })
	process.env.DATABASE_URL = url
	process.env.TEST_ADMIN_DATABASE_URL = server.adminUrl
	return async () => {
		await server.stop()
	}
}
