import { defineConfig } from 'prisma/config'

// env() from prisma/config throws when DATABASE_URL is unset, which would break `prisma generate`
// on a fresh machine; generation never connects, so a placeholder is fine.
export default defineConfig({
	schema: 'prisma/schema.prisma',
	migrations: { path: 'prisma/migrations' },
	datasource: {
		url: process.env.DATABASE_URL ?? 'postgresql://postgres@localhost:5432/postgres',
	},
})
