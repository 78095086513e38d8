// The Chatbot Builder's action, one intent at a time, with plain multipart Requests as the
// no-JavaScript form sends them: what each intent answers and what it leaves in the database.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { prisma } from '~/lib/db.server.ts'
import { consumeRateLimit, rateLimits } from '~/lib/rate-limit.server.ts'
import { chatbotBuilderAction } from './builder.server.ts'

const { toasts } = chatbotBuilder
let userId: string
let otherUserId: string

beforeAll(async () => {
	vi.spyOn(console, 'log').mockImplementation(() => {})
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	const user = (prefix: string) =>
		prisma.user.create({ data: { email: `${prefix}-${randomUUID()}@example.com`, passwordHash: 'x' } })
	userId = (await user('builder')).id
	otherUserId = (await user('other')).id
})

afterAll(async () => {
	vi.restoreAllMocks()
	await prisma.user.deleteMany({ where: { id: { in: [userId, otherUserId] } } })
})

function post(fields: Record<string, string | File>, asUser = userId) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.append(key, value)
	return chatbotBuilderAction(new Request('http://localhost/playground', { method: 'POST', body: form }), asUser)
}

type Answer = { status: number; location: string | null; toast: string; data: Record<string, any> | null }

/** The flash toast a redirect sets, decoded from its signed cookie (base64 JSON, then the signature). */
function flashToast(response: Response) {
	const raw = /toast=([^;]*)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1] ?? ''
	const value = decodeURIComponent(raw)
	const payload = value.slice(0, value.lastIndexOf('.'))
	return payload ? Buffer.from(payload, 'base64').toString('utf8') : ''
}

/** A redirect (with its flash toast) or the page data the action answered with. */
async function answer(result: unknown): Promise<Answer> {
	if (result instanceof Response) {
		return { status: result.status, location: result.headers.get('Location'), toast: flashToast(result), data: null }
	}
	const { data, init } = result as { data: Record<string, any>; init: ResponseInit | null }
	return { status: init?.status ?? 200, location: null, toast: JSON.stringify(data.toast), data }
}

const chatbotsOf = (id: string) => prisma.chatbot.findMany({ where: { userId: id }, orderBy: { createdAt: 'asc' } })

describe('chatbot builder intents', () => {
	test('create: stores the chatbot with the spec default prompt and lands on its page with "Chatbot created!"', async () => {
		const result = await answer(await post({ intent: 'create', name: 'Help Desk', knowledgeBase: 'We open at 9.' }))
		expect(result.status).toBe(302)
		const [chatbot] = await chatbotsOf(userId)
		expect(result.location).toBe(`/playground/chatbots/${chatbot.id}`)
		expect(chatbot).toMatchObject({
			name: 'Help Desk',
			knowledgeBase: 'We open at 9.',
			systemPrompt: chatbotBuilder.defaultSystemPrompt,
		})
		expect(chatbot.embedCode).toContain(chatbot.id)
	})

	test('create without a name or knowledge: 400, the spec toast, field errors, nothing stored', async () => {
		const before = (await chatbotsOf(userId)).length
		const result = await answer(await post({ intent: 'create', name: '', knowledgeBase: '' }))
		expect(result.status).toBe(400)
		expect(result.data?.toast).toMatchObject({ title: toasts.missing.title, description: toasts.missing.description })
		// Each field says what it lacks; the toast keeps the spec's sentence.
		expect(result.data?.errors).toMatchObject({
			name: 'Please provide a name',
			knowledgeBase: 'Please add knowledge: type it, upload a file or import a website',
		})
		expect(await chatbotsOf(userId)).toHaveLength(before)
	})

	test('upload: a text file is read and appended to what was typed, nothing stored yet', async () => {
		const file = new File(['Parking is free for visitors.'], 'faq.txt', { type: 'text/plain' })
		const result = await answer(await post({ intent: 'upload', name: 'Draft', knowledgeBase: 'Typed first.', file }))
		expect(result.status).toBe(200)
		expect(result.data?.values.knowledgeBase).toBe('Typed first.\n\nParking is free for visitors.')
		expect(result.data?.toast).toMatchObject({ type: 'success', title: toasts.fileUploaded })
	})

	test('upload: a renamed binary is refused with the spec message and its reason', async () => {
		const file = new File([new Uint8Array([0, 1, 2, 3])], 'fake.pdf')
		const result = await answer(await post({ intent: 'upload', name: '', knowledgeBase: '', file }))
		expect(result.status).toBe(422)
		expect(result.data?.toast.description).toBe(
			`${toasts.uploadFailed.description}. fake.pdf: This file is not a valid PDF.`,
		)
	})

	test('a file name with a newline cannot forge a line in the server log', async () => {
		const warn = vi.mocked(console.warn)
		warn.mockClear()
		// Browsers escape a newline in a file name; a crafted request can send one RFC 5987-encoded.
		const forged = encodeURIComponent('notes.pdf\n[mail outbox] To: victim@example.com | Reset your password')
		const body = [
			'--B',
			'Content-Disposition: form-data; name="intent"',
			'',
			'upload',
			'--B',
			`Content-Disposition: form-data; name="file"; filename*=UTF-8''${forged}`,
			'Content-Type: application/pdf',
			'',
			'not a pdf',
			'--B--',
			'',
		].join('\r\n')
		const request = new Request('http://localhost/playground', {
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data; boundary=B' },
			body,
		})
		await chatbotBuilderAction(request, userId)
		const logged = warn.mock.calls.map((args) => args.join(' ')).join('\n')
		expect(logged).toContain('uploaded "notes.pdf\\n[mail outbox]')
		expect(logged.split('\n').some((line) => line.startsWith('[mail outbox]'))).toBe(false)
	})

	test('update: saves new text for the owner; another user gets "not found" and changes nothing', async () => {
		const [chatbot] = await chatbotsOf(userId)
		const fields = { intent: 'update', id: chatbot.id, name: 'Help Desk 2', knowledgeBase: 'We open at 10.' }
		expect((await answer(await post(fields, otherUserId))).toast).toContain(toasts.notFound)
		expect((await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).name).toBe('Help Desk')
		const result = await answer(await post(fields))
		expect(result).toMatchObject({ status: 302, location: '/playground' })
		expect(result.toast).toContain(toasts.updated)
		expect(result.toast).toContain(toasts.indexing)
		expect(await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).toMatchObject({
			name: 'Help Desk 2',
			knowledgeBase: 'We open at 10.',
		})
	})

	test('update: a save that meets the row locked by another gives up after the lock time-out with "try again", not a 500', async () => {
		const [chatbot] = await chatbotsOf(userId)
		// Another transaction holds the chatbot's row (as a save still writing would).
		const holder = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await holder.connect()
		try {
			await holder.query('BEGIN')
			await holder.query('SELECT 1 FROM chatbots WHERE id = $1 FOR UPDATE', [chatbot.id])
			const started = performance.now()
			const fields = { intent: 'update', id: chatbot.id, name: 'Waited', knowledgeBase: 'We open at 11.' }
			const result = await answer(await post(fields))
			// DATABASE_LOCK_TIMEOUT_MS (3 s), not the request's whole life.
			expect(performance.now() - started).toBeLessThan(15_000)
			expect(result.status).toBe(409)
			expect(result.toast).toContain(toasts.saveBusy.description)
			expect(result.data?.values).toMatchObject({ name: 'Waited', knowledgeBase: 'We open at 11.' })
		} finally {
			await holder.query('ROLLBACK')
			await holder.end()
		}
		expect((await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).name).toBe('Help Desk 2')
	})

	test("toggle: switches the owner's chatbot off and on; not someone else's", async () => {
		const [chatbot] = await chatbotsOf(userId)
		expect(
			(await answer(await post({ intent: 'toggle', id: chatbot.id, active: 'false' }, otherUserId))).toast,
		).toContain(toasts.notFound)
		expect((await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).isActive).toBe(true)
		expect((await answer(await post({ intent: 'toggle', id: chatbot.id, active: 'false' }))).toast).toContain(
			toasts.deactivated,
		)
		expect((await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).isActive).toBe(false)
		expect((await answer(await post({ intent: 'toggle', id: chatbot.id, active: 'true' }))).toast).toContain(
			toasts.activated,
		)
	})

	test("delete: the owner's chatbot and its chunks are gone; another user's attempt fails", async () => {
		const [chatbot] = await chatbotsOf(userId)
		expect((await answer(await post({ intent: 'delete', id: chatbot.id }, otherUserId))).toast).toContain(
			toasts.deleteFailed.description,
		)
		expect(await prisma.chatbot.count({ where: { id: chatbot.id } })).toBe(1)
		expect((await answer(await post({ intent: 'delete', id: chatbot.id }))).toast).toContain(toasts.deleted)
		expect(await prisma.chatbot.count({ where: { id: chatbot.id } })).toBe(0)
		expect(await prisma.knowledgeChunk.count({ where: { chatbotId: chatbot.id } })).toBe(0)
	})

	test('saves are limited per user per hour, with a clear message and nothing stored', async () => {
		const busy = (await prisma.user.create({ data: { email: `busy-${randomUUID()}@example.com`, passwordHash: 'x' } }))
			.id
		for (let i = 0; i < rateLimits.chatbotSavesPerUser.limit; i++) {
			await consumeRateLimit(`chatbot-save:user:${busy}`, rateLimits.chatbotSavesPerUser)
		}
		const result = await answer(await post({ intent: 'create', name: 'One too many', knowledgeBase: 'x' }, busy))
		expect(result.status).toBe(429)
		expect(result.data?.toast.description).toMatch(/^Too many attempts/)
		expect(await chatbotsOf(busy)).toHaveLength(0)
		await prisma.user.delete({ where: { id: busy } })
	})

	test('widget pictures are limited per user: past the limit an upload is refused before it is read', async () => {
		const owner = (await prisma.user.create({ data: { email: `pics-${randomUUID()}@example.com`, passwordHash: 'x' } }))
			.id
		const chatbot = await prisma.chatbot.create({
			data: { userId: owner, name: 'Pictures', knowledgeBase: 'x', systemPrompt: 'x' },
		})
		const page = `/playground/chatbots/${chatbot.id}`
		const upload = (picture: Uint8Array, intent = 'widget-avatar') => {
			const form = new FormData()
			form.append('intent', intent)
			form.append('file', new File([new Uint8Array(picture)], 'me.png', { type: 'image/png' }))
			return chatbotBuilderAction(
				new Request(`http://localhost${page}`, { method: 'POST', body: form }),
				owner,
				chatbot.id,
			)
		}
		const red = new Uint8Array(
			await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c81e3c' } })
				.png()
				.toBuffer(),
		)
		const storedAvatar = async () =>
			(await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id }, select: { avatar: true } })).avatar
		for (let i = 1; i < rateLimits.avatarUploadsPerUser.limit; i++) {
			await consumeRateLimit(`avatar:user:${owner}`, rateLimits.avatarUploadsPerUser)
		}
		// The last one within the limit is read and saved.
		const saved = await answer(await upload(red))
		expect([saved.location, saved.toast]).toEqual([`${page}#widget`, expect.stringContaining('Picture saved')])
		const before = await storedAvatar()
		expect(before).not.toBeNull()
		// The next is refused with the reason, whatever it holds, and the saved picture stays.
		const refused = await answer(await upload(new Uint8Array([1, 2, 3])))
		expect(refused.location).toBe(`${page}#widget`)
		expect(refused.toast).toContain('Picture not saved')
		expect(refused.toast).toContain('Too many attempts')
		expect(Buffer.from((await storedAvatar())!).equals(Buffer.from(before!))).toBe(true)
		// Removing the picture is not an upload: it still works.
		expect((await answer(await upload(red, 'widget-avatar-remove'))).toast).toContain('Picture removed')
		await prisma.user.delete({ where: { id: owner } })
	})

	test("an unknown intent is a 400 with the spec's creation failure toast", async () => {
		const result = await answer(await post({ intent: 'explode', name: 'x', knowledgeBase: 'y' }))
		expect(result.status).toBe(400)
		expect(result.data?.toast).toMatchObject({
			title: toasts.createFailed.title,
			description: toasts.createFailed.description,
		})
	})
})
