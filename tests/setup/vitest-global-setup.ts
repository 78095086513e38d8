// Gives a Vitest run one migrated template database; each worker then works in its own copy of it
// (tests/setup/vitest-worker-database.ts), so test files run in parallel without sharing rows or
// notifications. TEST_ADMIN_DATABASE_URL is the server's admin URL, for tests that need scratch
// databases of their own.
import type { TestProject } from 'vitest/node'
import { applyMigrations } from '../../server/db/migrate.ts'
import { startTestServer } from './test-database.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		templateDatabase: string
		adminDatabaseUrl: string
	}
}

export default async function setup(project: TestProject) {
	const server = await startTestServer(process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL)
	const { name, url } = await server.createScratchDatabase('unit')
	await applyMigrations({ databaseUrl: url, log: () => {} })
	project.provide('templateDatabase', name)
	project.provide('adminDatabaseUrl', server.adminUrl)
	process.env.TEST_ADMIN_DATABASE_URL = server.adminUrl
	return async () => {
		await server.stop()
	}
}
