import { remember } from '@epic-web/remember'
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '~/generated/prisma/client.ts'

// One client per process, kept across dev-server reloads. DATABASE_URL is read on first use
// because server.ts sets it after starting the embedded database.
export const prisma = remember('prisma', () => {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) throw new Error('DATABASE_URL is not set: the server sets it at boot')
	return new PrismaClient({ adapter: new PrismaPg({ connectionString }) })
})
