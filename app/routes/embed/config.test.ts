// The embed's config and page as a host page's browser asks for them: a host saved without a port
// allows it on any port (127.0.0.1 allows 127.0.0.1:3975), and a site that shows the snippet but is
// not allowed is remembered for the owner's settings ("Seen on …, not in your allowed sites").
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { noteRefusedOrigin, refusedOriginToShow } from '~/features/chatbots/widget/widget.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { loader as embedPage } from './chatbot.tsx'
import { loader as config } from './config.ts'

let userId: string
let chatbotId: string

beforeAll(async () => {
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	userId = (await prisma.user.create({ data: { email: `sites-${randomUUID()}@example.com`, passwordHash: 'x' } })).id
	chatbotId = (
		await prisma.chatbot.create({
			data: { userId, name: 'Shop', knowledgeBase: 'Open 9 to 6.', systemPrompt: 'Help.', allowedSites: ['127.0.0.1'] },
		})
	).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.delete({ where: { id: userId } })
})

const askConfig = (origin: string) =>
	config({
		request: new Request(`http://localhost/embed/${chatbotId}/config`, { headers: { Origin: origin } }),
		params: { chatbotId },
		context: {},
	} as never) as Promise<Response>

const openFramed = async (referer: string) => {
	const result = await embedPage({
		request: new Request(`http://localhost/embed/${chatbotId}`, {
			headers: { 'Sec-Fetch-Dest': 'iframe', Referer: referer },
		}),
		params: { chatbotId },
		context: {},
	} as never)
	return result as unknown as { init: ResponseInit & { headers: Record<string, string> }; data: { state: string } }
}

const row = () => prisma.chatbot.findUniqueOrThrow({ where: { id: chatbotId } })

test('127.0.0.1 saved allows the config and the chat on 127.0.0.1:3975; the frame policy allows any port', async () => {
	const allowed = await askConfig('http://127.0.0.1:3975')
	expect(allowed.status).toBe(200)
	expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3975')
	expect(await allowed.json()).toMatchObject({ active: true })

	const page = await openFramed('http://127.0.0.1:3975/pricing')
	expect(page.data.state).toBe('ready')
	// The browser enforces frame-ancestors too: "127.0.0.1" alone there would mean port 80 only.
	expect(page.init.headers['Content-Security-Policy']).toBe('frame-ancestors https://127.0.0.1:* http://127.0.0.1:*')
	// An allowed site is not a refused one.
	expect((await row()).embedRefusedOrigin).toBeNull()
})

test('a site not allowed is refused and remembered for the owner, until it is added', async () => {
	const refused = await askConfig('http://localhost:3975')
	expect(refused.status).toBe(403)
	expect(refused.headers.get('access-control-allow-origin')).toBeNull()
	const seen = await row()
	expect(seen.embedRefusedOrigin).toBe('http://localhost:3975')
	expect(refusedOriginToShow(seen)).toBe('http://localhost:3975')

	// The owner adds it: no more warning, though the row still says where it was seen.
	expect(refusedOriginToShow({ ...seen, allowedSites: ['127.0.0.1', 'localhost'] })).toBeNull()
	// Weeks later a refusal is old news.
	expect(refusedOriginToShow(seen, seen.embedRefusedAt!.getTime() + 31 * 24 * 60 * 60 * 1000)).toBeNull()
})

test('the embed page framed by a site not allowed is refused and remembered; what is not an origin is not', async () => {
	await prisma.chatbot.update({ where: { id: chatbotId }, data: { embedRefusedOrigin: null, embedRefusedAt: null } })
	// Another chatbot's throttle is its own; this one wrote a minute ago (the first test's config).
	const later = Date.now() + 61_000
	await noteRefusedOrigin(chatbotId, 'javascript:alert(1)', later)
	await noteRefusedOrigin(chatbotId, 'https://shop.example/path', later)
	expect((await row()).embedRefusedOrigin).toBeNull()

	vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] })
	try {
		const page = await openFramed('https://partner.example/shop')
		expect(page.data.state).toBe('refused')
		expect(page.init.status).toBe(403)
		expect((await row()).embedRefusedOrigin).toBe('https://partner.example')
		// At most one write a minute per chatbot, however often the page loads.
		await askConfig('https://other.example')
		expect((await row()).embedRefusedOrigin).toBe('https://partner.example')
	} finally {
		vi.useRealTimers()
	}
})
