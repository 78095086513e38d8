// GET /api/scrape through its loader: the chatbots feature's website-import refusals answer with the
// statuses and JSON the builder's script has always read.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { chatbotLimits } from '~/features/chatbots/chatbot-limits.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { createSession } from '~/lib/session.server.ts'
import { loader } from './scrape.ts'

let userId: string
let cookie: string

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	userId = (await prisma.user.create({ data: { email: `scrape-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	cookie = (await createSession(userId)).setCookie.split(';')[0]
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: userId } })
})

async function scrape(url: string) {
	const request = new Request(`http://localhost/api/scrape?${new URLSearchParams({ url })}`, { headers: { cookie } })
	const response = (await loader({ request, params: {}, context: {} } as never)) as Response
	return { status: response.status, body: await response.text() }
}

test('a refused import answers 400, 422 or 429 with its message', async () => {
	expect(await scrape(`https://example.com/${'a'.repeat(2048)}`)).toEqual({
		status: 400,
		body: '{"error":"That address is too long."}',
	})
	expect(await scrape('ftp://example.com/')).toEqual({
		status: 422,
		body: '{"error":"Only http and https addresses can be imported."}',
	})
	// Each import that passes the schema counts, whatever it finds.
	for (let i = 1; i < chatbotLimits.websiteImportPerUser.limit; i++) await scrape('ftp://example.com/')
	expect(await scrape('ftp://example.com/')).toEqual({
		status: 429,
		body: '{"error":"Too many attempts. Please try again in 10 minutes."}',
	})
})
