// Runs before every test file: points DATABASE_URL at this worker's own copy of the migrated
// template (made on the worker's first file, reused by its later ones).
import { inject } from 'vitest'
import { createDatabase } from '../../server/db/embedded-postgres.ts'

const template = inject('templateDatabase')
const adminUrl = inject('adminDatabaseUrl')
const worker = process.env.VITEST_POOL_ID ?? '0'
process.env.TEST_ADMIN_DATABASE_URL = adminUrl
process.env.DATABASE_URL = await createDatabase(adminUrl, `${template}_w${worker}`, { template })
