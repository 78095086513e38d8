// `npm run migrate`: applies pending migrations to DATABASE_URL.
import { applyMigrations } from '../../server/db/migrate.ts'

const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
	console.error('DATABASE_URL is not set. `npm start` migrates the embedded database by itself.')
	process.exit(1)
}
const { applied, alreadyApplied } = await applyMigrations({ databaseUrl })
console.log(`${applied.length} applied, ${alreadyApplied.length} already applied`)
