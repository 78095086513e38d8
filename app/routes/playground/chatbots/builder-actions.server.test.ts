// The Chatbot Builder's actions (the list's and a chatbot's page's), one intent at a time, with plain multipart Requests as the
// no-JavaScript form sends them: what each intent answers and what it leaves in the database.
import { randomUUID } from 'node:crypto'
import { Logger, runOnce } from 'graphile-worker'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { chargeAvatarUpload, chargeChatbotSave, chatbotLimits } from '~/features/chatbots/chatbot-limits.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { searchKnowledge } from '~/features/chatbots/knowledge.server.ts'
import { indexTextJob } from '~/features/chatbots/text-source.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { jobTaskList } from '../../../../server/jobs.ts'
import { runTextIndexJobs } from '../../../../tests/support/text-index-jobs.ts'
import { builderAction } from './builder-actions.server.ts'
import { chatbotPageAction } from './chatbot-page-actions.server.ts'

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
	return postMany(fields, [], asUser)
}

/** The create form's post with several files, as the browser sends them (each under `file`). */
function postMany(fields: Record<string, string | File>, files: File[], asUser = userId) {
	const form = new FormData()
	for (const [key, value] of Object.entries(fields)) form.append(key, value)
	for (const file of files) form.append('file', file)
	return builderAction(new Request('http://localhost/playground', { method: 'POST', body: form }), asUser)
}

/** A chatbot's file sources, by name, with how many bytes of the file are still stored. */
async function fileSources(chatbotId: string) {
	const sources = await prisma.knowledgeSource.findMany({
		where: { chatbotId, kind: 'file' },
		orderBy: { origin: 'asc' },
	})
	return sources.map(({ origin, title, status, error, fileData }) => ({
		origin,
		title,
		status,
		error,
		stored: fileData ? fileData.byteLength : null,
	}))
}

const queuedJobs = async (task: string, chatbotId: string) =>
	(
		await prisma.$queryRaw<[{ n: number }]>`
			SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
			JOIN graphile_worker._private_tasks t ON t.id = j.task_id
			LEFT JOIN knowledge_sources s ON s.id::text = j.payload->>'sourceId'
			WHERE t.identifier = ${task} AND (j.payload->>'chatbotId' = ${chatbotId} OR s.chatbot_id = ${chatbotId}::uuid)`
	)[0].n

/** Runs the queued `ingest-file` jobs as the worker would; other jobs stay queued. */
async function runIngestFileJobs(logger?: Logger) {
	await runOnce({
		connectionString: process.env.DATABASE_URL!,
		taskList: { 'ingest-file': jobTaskList['ingest-file'] },
		logger,
	})
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

	test('a NUL character in the form is a 400 that says so, and nothing is stored', async () => {
		const before = (await chatbotsOf(userId)).length
		const result = await answer(
			await post({ intent: 'create', name: 'Nul Desk', knowledgeBase: 'We open\u0000 at 9.' }),
		)
		expect(result.status).toBe(400)
		expect(result.toast).toContain('Text may not contain NUL characters.')
		expect(await chatbotsOf(userId)).toHaveLength(before)
	})

	test('create with an address typed but not imported: it becomes a source (the page, or the site), not dropped', async () => {
		const sourcesOf = (name: string) =>
			prisma.knowledgeSource.findMany({
				where: { chatbot: { userId, name }, kind: { not: 'text' } },
				select: { kind: true, origin: true },
			})
		const typed = [
			{
				name: 'Typed page',
				knowledgeBase: 'We open at 9.',
				url: 'https://typed.example/about',
				scope: 'page',
				kind: 'page',
			},
			{ name: 'Typed site', knowledgeBase: '', url: 'https://typed.example/', scope: 'site', kind: 'website' },
		]
		for (const { kind, ...fields } of typed) {
			expect((await answer(await post({ intent: 'create', ...fields }))).status, fields.name).toBe(302)
			expect(await sourcesOf(fields.name)).toEqual([{ kind, origin: fields.url }])
		}
		// Not an address: said on the field, nothing stored.
		const bad = await answer(
			await post({ intent: 'create', name: 'Typed bad', knowledgeBase: 'x', url: 'not a url', scope: 'page' }),
		)
		expect(bad.status).toBe(400)
		expect(bad.data?.errors?.url).toBeTruthy()
		expect(await chatbotsOf(userId).then((all) => all.some((c) => c.name === 'Typed bad'))).toBe(false)
		await prisma.chatbot.deleteMany({ where: { userId, name: { startsWith: 'Typed' } } })
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

	test('create with files: each becomes a source named by its file name, stored and queued for ingest-file, read by the job', async () => {
		const faq = new File(['Parking is free for visitors.'], 'faq.txt', { type: 'text/plain' })
		// Not a PDF at all: the request does not read files, so only the job finds out.
		const broken = new File(['%PDF-1.7 this is not really a pdf'], 'broken.pdf', { type: 'application/pdf' })
		const result = await answer(
			await postMany({ intent: 'create', name: 'With files', knowledgeBase: 'Typed first.' }, [faq, broken]),
		)
		expect(result.status).toBe(302)
		const chatbot = await prisma.chatbot.findFirstOrThrow({ where: { userId, name: 'With files' } })
		expect(result.location).toBe(`/playground/chatbots/${chatbot.id}`)
		expect(result.toast).toContain(toasts.created)
		// The typed text stays the typed text; the files are not appended to it.
		expect(chatbot.knowledgeBase).toBe('Typed first.')
		const files = await fileSources(chatbot.id)
		expect(files.map(({ origin, title, status, stored }) => ({ origin, title, status, stored }))).toEqual([
			{ origin: 'broken.pdf', title: 'broken.pdf', status: 'queued', stored: 33 },
			{ origin: 'faq.txt', title: 'faq.txt', status: 'queued', stored: 29 },
		])
		expect(await queuedJobs('ingest-file', chatbot.id)).toBe(2)
		expect(await prisma.knowledgeChunk.count({ where: { chatbotId: chatbot.id } })).toBe(0)

		await runIngestFileJobs()
		const [failed, ready] = await fileSources(chatbot.id)
		expect(ready).toMatchObject({ origin: 'faq.txt', status: 'ready', stored: null })
		expect(failed).toMatchObject({
			origin: 'broken.pdf',
			status: 'failed',
			error: expect.stringMatching(/could not be read/),
		})
		// An answer drawing on the file cites it by its name.
		const [found] = await searchKnowledge(chatbot.id, 'Is parking free?')
		expect(found).toMatchObject({ content: 'Parking is free for visitors.', title: 'faq.txt', url: 'faq.txt' })
	})

	test('create with only a file: no typed text is needed, the file is the knowledge', async () => {
		const file = new File(['We deliver on Sundays.'], 'delivery.txt', { type: 'text/plain' })
		const result = await answer(await postMany({ intent: 'create', name: 'Only a file', knowledgeBase: '' }, [file]))
		expect(result.status).toBe(302)
		const chatbot = await prisma.chatbot.findFirstOrThrow({ where: { userId, name: 'Only a file' } })
		expect((await fileSources(chatbot.id)).map((source) => source.origin)).toEqual(['delivery.txt'])
	})

	test('create with a file the form does not take: the spec message and the reason, nothing stored, the file named to choose again', async () => {
		const before = (await chatbotsOf(userId)).length
		const exe = new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' })
		const empty = new File([], 'empty.txt', { type: 'text/plain' })
		for (const [file, reason] of [
			[exe, 'virus.exe: Choose a .txt, .pdf, .doc, .docx file.'],
			[empty, 'empty.txt: The file is empty.'],
		] as const) {
			const result = await answer(await postMany({ intent: 'create', name: 'Refused', knowledgeBase: 'x' }, [file]))
			expect(result.status).toBe(422)
			expect(result.data?.toast).toMatchObject({
				title: toasts.uploadFailed.title,
				description: `${toasts.uploadFailed.description}. ${reason}`,
			})
			expect(result.data?.unsentFiles).toEqual([file.name])
			expect(result.data?.values).toMatchObject({ name: 'Refused', knowledgeBase: 'x' })
		}
		// A form that comes back for another reason names its files too (the page cannot keep them).
		const pdf = new File(['%PDF-1.7'], 'policy.pdf', { type: 'application/pdf' })
		const missing = await answer(await postMany({ intent: 'create', name: '', knowledgeBase: '' }, [pdf]))
		expect(missing.status).toBe(400)
		expect(missing.data?.toast).toMatchObject({ title: toasts.missing.title })
		expect(missing.data?.unsentFiles).toEqual(['policy.pdf'])
		expect(await chatbotsOf(userId)).toHaveLength(before)
	})

	test('a typed 5 MB text: the save request stores it and queues its job; the job indexes it', async () => {
		const paragraph = (i: number) =>
			`Section ${i}: opening hours of branch ${i} are nine to five, and its phone is 0120-${1000 + i}.`
		const parts: string[] = []
		for (let i = 0, size = 0; size < 5 * 1024 * 1024; i++) {
			parts.push(paragraph(i))
			size += parts.at(-1)!.length + 2
		}
		const text = parts.join('\n\n')
		const result = await answer(await post({ intent: 'create', name: 'Five megabytes', knowledgeBase: text }))
		expect(result.status).toBe(302)
		const chatbot = await prisma.chatbot.findFirstOrThrow({ where: { userId, name: 'Five megabytes' } })
		// The request stored the text and queued its job; it indexed nothing.
		// (A form sends its line breaks as CR LF.)
		expect(chatbot.knowledgeBase.replaceAll('\r\n', '\n')).toBe(text)
		expect(await prisma.knowledgeChunk.count({ where: { chatbotId: chatbot.id } })).toBe(0)
		const source = () =>
			prisma.knowledgeSource.findFirstOrThrow({
				where: { chatbotId: chatbot.id, kind: 'text' },
				omit: { fileData: true },
			})
		expect(await source()).toMatchObject({ status: 'queued', chars: chatbot.knowledgeBase.length })
		expect(await queuedJobs(indexTextJob.name, chatbot.id)).toBe(1)

		await runTextIndexJobs()
		expect(await source()).toMatchObject({ status: 'ready' })
		expect(await prisma.knowledgeChunk.count({ where: { chatbotId: chatbot.id } })).toBeGreaterThan(100)
		const chunks = await prisma.knowledgeChunk.findMany({ where: { chatbotId: chatbot.id }, select: { content: true } })
		expect(chunks.filter((chunk) => chunk.content.includes('branch 4321 are nine to five'))).toHaveLength(1)
	}, 120_000)

	test('a file name with a newline cannot forge a line in the server log', async () => {
		const warn = vi.mocked(console.warn)
		// Browsers escape a newline in a file name; a crafted request can send one RFC 5987-encoded.
		const forged = encodeURIComponent('notes\n[mail outbox] To: victim@example.com | Reset your password.pdf')
		const body = [
			'--B',
			'Content-Disposition: form-data; name="intent"',
			'',
			'create',
			'--B',
			'Content-Disposition: form-data; name="name"',
			'',
			'Forged',
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
		expect((await answer(await builderAction(request, userId))).status).toBe(302)
		// The name is kept without its newline (fileNameShown), and the job logs it escaped.
		const logged: string[] = []
		await runIngestFileJobs(
			new Logger(() => (_level, message) => {
				logged.push(message)
			}),
		)
		const lines = [...logged, ...warn.mock.calls.map((args) => args.join(' '))].join('\n')
		expect(lines).toContain('"notes[mail outbox] To: victim@example.com')
		expect(lines.split('\n').some((line) => line.startsWith('[mail outbox]'))).toBe(false)
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
		for (let i = 0; i < chatbotLimits.chatbotSavesPerUser.limit; i++) await chargeChatbotSave(busy)
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
			return chatbotPageAction(
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
		for (let i = 1; i < chatbotLimits.avatarUploadsPerUser.limit; i++) await chargeAvatarUpload(owner)
		// The last one within the limit is read and saved.
		const saved = await answer(await upload(red))
		expect([saved.location, saved.toast]).toEqual([`${page}/widget`, expect.stringContaining('Picture saved')])
		const before = await storedAvatar()
		expect(before).not.toBeNull()
		// The next is refused with the reason, whatever it holds, and the saved picture stays.
		const refused = await answer(await upload(new Uint8Array([1, 2, 3])))
		expect(refused.location).toBe(`${page}/widget`)
		expect(refused.toast).toContain('Picture not saved')
		expect(refused.toast).toContain('Too many attempts')
		expect(Buffer.from((await storedAvatar())!).equals(Buffer.from(before!))).toBe(true)
		// Removing the picture is not an upload: it still works.
		expect((await answer(await upload(red, 'widget-avatar-remove'))).toast).toContain('Picture removed')
		await prisma.user.delete({ where: { id: owner } })
	})

	test('each page answers its own intents, back to the section each belongs to; the list has no sources', async () => {
		const chatbot = await prisma.chatbot.create({
			data: { userId, name: 'Own Page', knowledgeBase: 'We open at 8.', systemPrompt: 'x' },
		})
		const page = `/playground/chatbots/${chatbot.id}`
		const onPage = (fields: Record<string, string>) => {
			const form = new FormData()
			for (const [key, value] of Object.entries(fields)) form.append(key, value)
			return chatbotPageAction(
				new Request(`http://localhost${page}`, { method: 'POST', body: form }),
				userId,
				chatbot.id,
			)
		}
		// "Save Changes" saves this page's chatbot, whatever id the form carries, and returns to its
		// Knowledge section, where the form is (ADR 0051).
		const saved = await answer(
			await onPage({ intent: 'update', id: randomUUID(), name: 'Own Page 2', knowledgeBase: 'We open at 7.' }),
		)
		expect([saved.status, saved.location]).toEqual([302, `${page}/knowledge`])
		expect(saved.toast).toContain(toasts.updated)
		expect((await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })).name).toBe('Own Page 2')
		// The switch comes back to the section it was flipped on; anywhere else it names is the Overview.
		const switched = await answer(await onPage({ intent: 'toggle', id: chatbot.id, active: 'false' }))
		expect([switched.location, switched.toast]).toEqual([page, expect.stringContaining(toasts.deactivated)])
		const fromSection = (returnTo: string) => onPage({ intent: 'toggle', id: chatbot.id, active: 'true', returnTo })
		for (const section of ['/widget', '/conversations', `/conversations/${randomUUID()}`]) {
			expect((await answer(await fromSection(`${page}${section}`))).location).toBe(`${page}${section}`)
		}
		for (const elsewhere of [
			'https://evil.example/',
			'//evil.example/x',
			`${page}/../../${randomUUID()}`,
			`${page}extra`,
			`${page}//evil.example`,
			`/playground/chatbots/${randomUUID()}/widget`,
			`${page}/${'a'.repeat(300)}`,
		]) {
			expect((await answer(await fromSection(elsewhere))).location, elsewhere).toBe(page)
		}
		const noFile = await answer(await onPage({ intent: 'add-files' }))
		expect([noFile.location, noFile.toast]).toEqual([
			`${page}/knowledge`,
			expect.stringContaining('Choose a file to upload first.'),
		])
		// The create form's intents are not the page's, nor the page's sources the list's.
		expect((await answer(await onPage({ intent: 'create', name: 'x', knowledgeBase: 'y' }))).status).toBe(400)
		expect((await answer(await post({ intent: 'remove-source', sourceId: randomUUID() }))).status).toBe(400)
		expect((await answer(await onPage({ intent: 'delete', id: chatbot.id }))).location).toBe('/playground')
		expect(await prisma.chatbot.count({ where: { id: chatbot.id } })).toBe(0)
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
