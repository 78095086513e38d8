// Runs before every test file: points DATABASE_URL at this worker's own copy of the migrated
// template (made on the worker's first file, reused by its later ones).
import pg from 'pg'
import { inject } from 'vitest'
import { createDatabase } from '../../server/db/embedded-postgres.ts'

const template = inject('templateDatabase')
const adminUrl = inject('adminDatabaseUrl')
const worker = process.env.VITEST_POOL_ID ?? '0'
process.env.TEST_ADMIN_DATABASE_URL = adminUrl
process.env.DATABASE_URL = await createDatabase(adminUrl, `${template}_w${worker}`, { template })

// Each file starts with an empty job queue: an earlier file's queued jobs (a sign-up's e-mail, a
// save's indexing, a lead's webhook) must not reach this file's worker, or count in its queue checks.
{
	const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
	await client.connect()
	try {
		const [{ installed }] = (
			await client.query<{ installed: boolean }>(
				`SELECT to_regclass('graphile_worker._private_jobs') IS NOT NULL AS installed`,
			)
		).rows
		if (installed) await client.query('TRUNCATE graphile_worker._private_jobs, graphile_worker._private_job_queues')
	} finally {
		await client.end()
	}
}
