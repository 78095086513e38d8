import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import {
	ENGLISH_DISTRACTORS,
	GERMAN_KNOWLEDGE,
	GERMAN_QUESTION,
	HINDI_KNOWLEDGE,
	HINDI_QUESTION,
	HINDI_UNANSWERED,
	SPANISH_KNOWLEDGE,
	SPANISH_QUESTION,
} from '../../../tests/support/language-knowledge.ts'
import { runTextIndexJobs } from '../../../tests/support/text-index-jobs.ts'
import { ensureAgentKnowledgeBase } from './agent-knowledge.server.ts'
import { ChatbotFormSchema } from './chatbot-schema.ts'
import {
	createChatbot as createChatbotOnly,
	deleteChatbot,
	getOwnedChatbot,
	listChatbots,
	setChatbotActive,
	updateChatbot,
} from './chatbots.server.ts'
import { listLeads, leadsCsv, getWebhookSettings, setWebhook } from './conversations/leads.server.ts'
import { checkKnowledgeQuota } from './knowledge-quota.server.ts'
import {
	DEFINITION_POOL,
	firstChunks,
	retokenizeKnowledge,
	searchKnowledge,
	TERMS_VERSION,
	unknownWords,
} from './knowledge.server.ts'
import { answerChatbotQuestion, retrievalQuestion } from './reply.server.ts'
import { DEFAULT_APPEARANCE, formValuesOf, WidgetSettingsSchema } from './widget/widget-settings.ts'
import { getActiveWidget, saveWidgetSettings, saveWidgetAvatar } from './widget/widget.server.ts'

let owner: string
let stranger: string
beforeAll(async () => {
	const make = (label: string) =>
		prisma.user.create({
			data: { email: `${label}-${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() },
			select: { id: true },
		})
	owner = (await make('owner')).id
	stranger = (await make('stranger')).id
})
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: { in: [owner, stranger] } } })
})

/** Creates a chatbot and runs its text's indexing job, as the worker would right after. */
async function createChatbot(...args: Parameters<typeof createChatbotOnly>) {
	const created = await createChatbotOnly(...args)
	await runTextIndexJobs()
	return created
}

const form = (knowledgeBase: string, name = 'Helper') =>
	ChatbotFormSchema.parse({ name, knowledgeBase, systemPrompt: '' })

const textSource = (chatbotId: string) =>
	prisma.knowledgeSource.findFirstOrThrow({ where: { chatbotId, kind: 'text' }, omit: { fileData: true } })

const chunkCount = async (chatbotId: string) =>
	(
		await prisma.$queryRaw<
			[{ n: number }]
		>`SELECT count(*)::int AS n FROM knowledge_chunks WHERE chatbot_id = ${chatbotId}::uuid`
	)[0].n

describe('retrieval', () => {
	test('a chunk comes back with the path of headings it sits under, which its search terms count', async () => {
		const text = [
			'# Streams',
			'A stream is an abstract interface for streaming data.',
			'## Readable streams',
			'They pause and flow.',
			'### Buffering',
			'The default is 16 KiB, or 16 objects in object mode.',
			'## Writable streams',
			'Their default encoding is UTF-8.',
		].join('\n\n')
		const { chatbot } = await createChatbot(owner, form(text, 'Headings'), 'http://localhost')
		// The answer's chunk does not say "readable": the heading it sits under does.
		const [best] = await searchKnowledge(chatbot.id, 'readable default')
		expect(best).toMatchObject({
			content: '### Buffering\n\nThe default is 16 KiB, or 16 objects in object mode.',
			heading: 'Streams › Readable streams › Buffering',
		})
		expect((await firstChunks(chatbot.id, 1))[0]).toMatchObject({ heading: 'Streams' })
		await deleteChatbot(owner, chatbot.id)
	})

	test('BM25: the rare word that pins the answer down outranks words every chunk repeats', async () => {
		// Eight chunks (each paragraph too long to share one) that all say "Acme widget"; one says titanium.
		const about = (topic: string) =>
			`Acme widget notes on ${topic}, made in Pune. ${'Our team in Pune answers questions about orders, invoices, returns and service visits within a day. '.repeat(8)}`
		const text = [
			...['care', 'delivery', 'pricing', 'colours', 'manuals', 'warranty'].map(about),
			`${about('materials')} One model, the Falcon, has a frame of titanium, which keeps it light.`,
			`Acme widget, Acme widget, Acme widget! ${'Every Acme widget is made by Acme: made for every widget fan, made to last. '.repeat(10)}`,
		].join('\n\n')
		const { chatbot } = await createChatbot(owner, form(text, 'Ranker'), 'http://localhost')
		const [best] = await searchKnowledge(chatbot.id, 'Which Acme widget is made of titanium?')
		expect(best.content).toContain('titanium')
		// Stop words and punctuation alone find nothing.
		expect(await searchKnowledge(chatbot.id, 'the of and')).toEqual([])
		expect(await searchKnowledge(chatbot.id, '?! …')).toEqual([])
		await deleteChatbot(owner, chatbot.id)
	})

	test('"What is X?" finds the passage that says what X is, beyond more passages that only repeat X', async () => {
		// As in Valgrind's manual: twenty passages say "Memcheck" often; a later one says what it is.
		const filler = 'Reports are written to the terminal and the log file as the program runs. '.repeat(6)
		const text = [
			// Said in passing, first: not what Memcheck is.
			`Memcheck is missing a few features on this platform. ${filler}`,
			...Array.from(
				{ length: 20 },
				(_, i) => `Run Memcheck on test ${i}: Memcheck, Memcheck and Memcheck again report leaks. ${filler}`,
			),
			`Memcheck is a memory error detector for C and C++ programs. ${filler}`,
		].join('\n\n')
		const { chatbot } = await createChatbot(owner, form(text, 'Definitions'), 'http://localhost')
		const [best] = await searchKnowledge(chatbot.id, 'What is Memcheck?')
		expect(best.content).toMatch(/^Memcheck is a memory error detector/)
		// Only for such a question: "Memcheck" alone ranks by the word, and a pattern in the question is taken literally.
		expect((await searchKnowledge(chatbot.id, 'Memcheck'))[0].content).not.toMatch(/^Memcheck is/)
		expect((await searchKnowledge(chatbot.id, 'What is Memcheck.*?'))[0]).toBeDefined()
		await deleteChatbot(owner, chatbot.id)
	})

	test('the text search of a "What is X?" question reads at most DEFINITION_POOL passages, however many say X', async () => {
		// An attacker's knowledge: every passage says "widget profiler" (each long enough to be a chunk).
		const filler = 'It keeps a log of every request and answers within a second on a quiet day. '.repeat(8)
		const text = Array.from({ length: DEFINITION_POOL + 60 }, (_, i) => `Widget profiler note ${i}. ${filler}`).join(
			'\n\n',
		)
		const { chatbot } = await createChatbot(owner, form(text, 'Many'), 'http://localhost')
		expect(await chunkCount(chatbot.id)).toBeGreaterThan(DEFINITION_POOL)
		// The statements' parameters, as the database is asked them.
		const searched: unknown[][] = []
		const recording = new Proxy(prisma, {
			get(target, key, receiver) {
				if (key !== '$queryRaw') return Reflect.get(target, key, receiver)
				return (strings: TemplateStringsArray, ...values: unknown[]) => {
					if (strings.join('?').includes('~*')) searched.push(values)
					return target.$queryRaw(strings, ...values)
				}
			},
		})
		await searchKnowledge(chatbot.id, 'What is widget profiler?', 4, recording)
		expect(searched).toHaveLength(1)
		expect((searched[0][0] as string[]).length).toBe(DEFINITION_POOL)
		await deleteChatbot(owner, chatbot.id)
	})

	test("the question's words together (a phrase) outrank the same words apart", async () => {
		const filler = 'Our office in Pune opens at nine and parking is free for visitors and staff alike. '.repeat(7)
		const text = [
			// The same terms, the same number of times, the same length: only their distance differs.
			`Our customer lounge has tea. ${filler} Phone support is open on weekdays.`,
			`Customer support is open on weekdays. ${filler} Our phone lounge has tea.`,
			...['billing', 'shipping', 'careers', 'press'].map((topic) => `${topic} notes. ${filler}`),
		].join('\n\n')
		const { chatbot } = await createChatbot(owner, form(text, 'Phrases'), 'http://localhost')
		expect(await chunkCount(chatbot.id)).toBe(6)
		const [best] = await searchKnowledge(chatbot.id, 'When is customer support open?')
		expect(best.content).toMatch(/^Customer support is open/)
		await deleteChatbot(owner, chatbot.id)
	})

	test('a follow-up question retrieves what it means from the earlier turn', async () => {
		const price = (model: string, rupees: string) =>
			`The ${model} widget costs ${rupees} rupees. ${'Prices include delivery anywhere in India and a one-year service plan. '.repeat(12)}`
		const text = [price('Eagle', '2,999'), price('Falcon', '4,999'), 'The Falcon has a titanium frame.'].join('\n\n')
		const { chatbot } = await createChatbot(owner, form(text, 'Follow-up'), 'http://localhost')
		const conversation = [
			{ role: 'user' as const, parts: [{ type: 'text', text: 'Tell me about the Falcon.' }] },
			{ role: 'assistant' as const, parts: [{ type: 'text', text: 'The Falcon has a titanium frame.' }] },
			{ role: 'user' as const, parts: [{ type: 'text', text: 'How much does it cost?' }] },
		]
		const [best] = await searchKnowledge(chatbot.id, retrievalQuestion(conversation))
		expect(best.content).toContain('Falcon widget costs 4,999')
		// A new name in the follow-up wins over the earlier one: "And the Eagle?" after the Falcon's price.
		const [other] = await searchKnowledge(
			chatbot.id,
			retrievalQuestion([
				{ role: 'user', parts: [{ type: 'text', text: 'How much does the Falcon cost?' }] },
				{ role: 'assistant', parts: [{ type: 'text', text: 'It costs 4,999 rupees.' }] },
				{ role: 'user', parts: [{ type: 'text', text: 'And the Eagle?' }] },
			]),
		)
		expect(other.content).toContain('Eagle widget costs 2,999')
		await deleteChatbot(owner, chatbot.id)
	})
})

describe('retrieval of reference docs (one tokenizer, ADR 0034)', () => {
	const reference = [
		'# Crypto',
		'## Class: Hash',
		"The Hash class is a utility for creating hash digests of data.\n\n```js\nconst hash = crypto.createHash('sha256');\nhash.update('some data to hash');\nconsole.log(hash.digest('hex'));\n```",
		'## x509.fingerprint512',
		'The SHA-512 fingerprint of this certificate. Because computing the SHA-256 fingerprint is usually faster, x509.fingerprint256 may be a better choice.',
		'# Process',
		'## Event: beforeExit',
		'The beforeExit event is emitted when Node.js empties its event loop and has no additional work to schedule. The process exit code is passed as its argument.',
		'## process.exit([code])',
		'The process.exit() method instructs Node.js to terminate the process synchronously with an exit status of code.',
		'# Stream',
		'## new stream.Readable([options])',
		'- `options` <Object>\n  - `highWaterMark` <number> Default: `16384` (16 KiB).',
		'## Singers',
		'Beyoncé Giselle Knowles-Carter is an American singer.',
	].join('\n\n')

	test('a name finds the docs however they write it: identifiers, codes with hyphens, accents', async () => {
		const { chatbot } = await createChatbot(owner, form(reference, 'Reference'), 'http://localhost')
		// PostgreSQL's parser read "crypto.createHash('sha256')" as one host name and "SHA-256" as "sha" and "-256".
		expect((await searchKnowledge(chatbot.id, 'How do I compute a SHA-256 hash?'))[0].heading).toBe(
			'Crypto › Class: Hash',
		)
		expect((await searchKnowledge(chatbot.id, 'createHash'))[0].heading).toBe('Crypto › Class: Hash')
		expect((await searchKnowledge(chatbot.id, 'default highWaterMark'))[0].heading).toBe(
			'Stream › new stream.Readable([options])',
		)
		expect((await searchKnowledge(chatbot.id, 'Who is Beyonce?'))[0].heading).toBe('Stream › Singers')
		// A chunk's own heading weighs like a title: the section named for what is asked comes first.
		expect((await searchKnowledge(chatbot.id, 'How do I exit the process with an exit code?'))[0].heading).toBe(
			'Process › process.exit([code])',
		)
		expect(await unknownWords(chatbot.id, 'Is the SHA-256 hash of Beyonce waterproof?')).toEqual(['waterproof'])
		await deleteChatbot(owner, chatbot.id)
	})

	test('two runs of letters longer than a stored term, alike in their first 200, index as one term', async () => {
		// Cut after counting, they were two rows with one key: indexing failed for good, and so did the
		// re-tokenize job's batch with every chunk after it.
		const long = 'a'.repeat(250)
		const { chatbot } = await createChatbot(
			owner,
			form(`Refund policy: 30 days. ${long}b and ${long}c`, 'Long runs'),
			'http://localhost',
		)
		expect((await textSource(chatbot.id)).status).toBe('ready')
		expect((await searchKnowledge(chatbot.id, 'refund policy'))[0].content).toContain('30 days')
		await deleteChatbot(owner, chatbot.id)
	})

	test('chunks indexed by an earlier tokenizer get their terms made again by the retokenize-knowledge job', async () => {
		const { chatbot } = await createChatbot(owner, form(reference, 'Old terms'), 'http://localhost')
		// As the migration left them: PostgreSQL's lexemes, no positions, version 1.
		await prisma.$executeRaw`DELETE FROM knowledge_terms WHERE chatbot_id = ${chatbot.id}::uuid`
		await prisma.$executeRaw`
			INSERT INTO knowledge_terms (chunk_id, chatbot_id, term, tf, chunk_length)
			SELECT c.id, c.chatbot_id, l.lexeme, COALESCE(array_length(l.positions, 1), 1), c.term_count
			FROM knowledge_chunks c, unnest(to_tsvector('english', c.content)) l WHERE c.chatbot_id = ${chatbot.id}::uuid`
		await prisma.$executeRaw`UPDATE knowledge_chunks SET terms_version = 1 WHERE chatbot_id = ${chatbot.id}::uuid`
		expect((await searchKnowledge(chatbot.id, 'createHash'))[0]?.heading).not.toBe('Crypto › Class: Hash')

		expect(await retokenizeKnowledge(3)).toBeGreaterThanOrEqual(await chunkCount(chatbot.id))
		expect((await searchKnowledge(chatbot.id, 'createHash'))[0].heading).toBe('Crypto › Class: Hash')
		const versions = await prisma.knowledgeChunk.groupBy({ by: ['termsVersion'], where: { chatbotId: chatbot.id } })
		expect(versions.map((v) => v.termsVersion)).toEqual([TERMS_VERSION])
		expect(await retokenizeKnowledge()).toBe(0)
		await deleteChatbot(owner, chatbot.id)
	})
})

describe('languages', () => {
	test('a Hindi, Spanish or German question finds its same-language chunk; a Hindi one is answered with a quote and a citation', async () => {
		const knowledge = [ENGLISH_DISTRACTORS, SPANISH_KNOWLEDGE, GERMAN_KNOWLEDGE, HINDI_KNOWLEDGE].join('\n\n')
		const { chatbot } = await createChatbot(owner, form(knowledge, 'Polyglot shop'), 'http://localhost')
		expect((await textSource(chatbot.id)).status).toBe('ready')
		const best = async (question: string) => (await searchKnowledge(chatbot.id, question))[0]?.content ?? ''
		expect(await best(SPANISH_QUESTION.question)).toContain(SPANISH_QUESTION.answer)
		expect(await best(GERMAN_QUESTION.question)).toContain(GERMAN_QUESTION.answer)
		// One word says no language: read in English first, then the way the knowledge has it.
		expect(await best('Öffnungszeiten?')).toContain(GERMAN_QUESTION.answer)
		expect(await best('Lieferung')).toContain('Die Lieferung innerhalb Deutschlands')
		expect(await best(HINDI_QUESTION.question)).toContain(HINDI_QUESTION.answer)
		expect(await unknownWords(chatbot.id, 'Lieferungen Hubschrauber')).toEqual(['hubschrauber'])

		const ask = (text: string) => [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }]
		const row = await prisma.chatbot.findUniqueOrThrow({ where: { id: chatbot.id } })
		const answer = await answerChatbotQuestion(row, ask(HINDI_QUESTION.question), { label: 'Test' })
		expect(answer.model.label).toBe('Offline model')
		expect(answer.text).toContain(HINDI_QUESTION.answer)
		expect(answer.text).toMatch(/ \[\d\]$/)
		expect(answer.answered).toBe(true)
		expect((await answerChatbotQuestion(row, ask(HINDI_UNANSWERED), { label: 'Test' })).answered).toBe(false)
		await deleteChatbot(owner, chatbot.id)
	})
})

describe('chatbots', () => {
	test('create stores the spec default prompt, the embed code with the id, and queues the text for indexing', async () => {
		const text = 'Our refund window is 45 days.\n\nWe ship to Pune and Delhi.'
		const { chatbot } = await createChatbotOnly(owner, form(text), 'https://site.example')
		// The request only stored the text and queued its job.
		expect(await textSource(chatbot.id)).toMatchObject({ status: 'queued', chars: text.length, chunkCount: 0 })
		expect(await chunkCount(chatbot.id)).toBe(0)
		await runTextIndexJobs()
		expect(await textSource(chatbot.id)).toMatchObject({ status: 'ready', chars: text.length, chunkCount: 1 })
		expect(chatbot.embedCode).toBe(
			`<script src="https://site.example/embed.js" data-chatbot-id="${chatbot.id}" async></script>`,
		)
		const row = await getOwnedChatbot(owner, chatbot.id)
		expect(row?.systemPrompt).toBe(
			'You are a helpful AI assistant. Use the provided knowledge base to answer questions accurately and helpfully.',
		)
		expect(await chunkCount(chatbot.id)).toBe(1)
		const hits = await searchKnowledge(chatbot.id, 'How many days do I have for a refund?')
		expect(hits[0].content).toContain('45 days')
	})

	test('search ranks the matching chunk first among many', async () => {
		const filler = Array.from(
			{ length: 300 },
			(_, i) => `Paragraph ${i} talks about widgets, gadgets and sprockets in general terms.`,
		).join('\n\n')
		const needle = 'The secret launch code for the Zephyr rocket is MAPLE-42.'
		const { chatbot } = await createChatbot(owner, form(`${filler}\n\n${needle}\n\n${filler}`), 'https://site.example')
		expect(await chunkCount(chatbot.id)).toBeGreaterThan(20)
		const hits = await searchKnowledge(chatbot.id, 'what is the Zephyr launch code?')
		expect(hits[0].content).toContain('MAPLE-42')
		expect(await searchKnowledge(chatbot.id, 'the of and')).toEqual([])
	})

	test('editing the knowledge re-indexes it: the old text answers until the job has run', async () => {
		const { chatbot } = await createChatbot(owner, form('Our office is in Pune.'), 'https://site.example')
		expect(await updateChatbot(owner, chatbot.id, form('Our office moved to Greater Noida.', 'Renamed'))).toBe(true)
		expect(await textSource(chatbot.id)).toMatchObject({ status: 'queued' })
		expect((await searchKnowledge(chatbot.id, 'Pune'))[0].content).toContain('Pune')
		await runTextIndexJobs()
		expect(await textSource(chatbot.id)).toMatchObject({ status: 'ready' })
		expect(await searchKnowledge(chatbot.id, 'Pune')).toEqual([])
		expect((await searchKnowledge(chatbot.id, 'Noida'))[0].content).toContain('Greater Noida')
		expect((await getOwnedChatbot(owner, chatbot.id))?.name).toBe('Renamed')
	})

	test('another user cannot read, change, switch or delete it by id', async () => {
		const { chatbot } = await createChatbot(owner, form('Private knowledge.'), 'https://site.example')
		expect(await getOwnedChatbot(stranger, chatbot.id)).toBeNull()
		expect(await updateChatbot(stranger, chatbot.id, form('Hijacked'))).toBe(false)
		expect(await setChatbotActive(stranger, chatbot.id, false)).toBe(false)
		expect(await deleteChatbot(stranger, chatbot.id)).toBe(false)
		expect((await listChatbots(stranger)).map((c) => c.id)).not.toContain(chatbot.id)
		const row = await getOwnedChatbot(owner, chatbot.id)
		expect([row?.knowledgeBase, row?.isActive]).toEqual(['Private knowledge.', true])
		expect(await getOwnedChatbot(owner, 'not-a-uuid')).toBeNull()
	})

	test('inactive chatbots are not served publicly; deleting removes the chunks too', async () => {
		const { chatbot } = await createChatbot(owner, form('Some text.'), 'https://site.example')
		expect(await getActiveWidget(chatbot.id)).not.toBeNull()
		expect(await setChatbotActive(owner, chatbot.id, false)).toBe(true)
		expect(await getActiveWidget(chatbot.id)).toBeNull()
		expect(await deleteChatbot(owner, chatbot.id)).toBe(true)
		expect(await chunkCount(chatbot.id)).toBe(0)
		expect(await deleteChatbot(owner, chatbot.id)).toBe(false)
	})

	test('a voice assistant’s knowledge-only row is no chatbot: never listed, switched, deleted, edited, embedded or exported', async () => {
		const agent = await prisma.agent.create({
			data: { userId: owner, name: 'Front Desk', instructions: 'Be brief.', firstMessage: 'Hello!' },
		})
		const knowledgeId = (await ensureAgentKnowledgeBase(owner, agent.id))!
		expect(knowledgeId).toEqual(expect.any(String))
		await prisma.chatbotLead.create({ data: { chatbotId: knowledgeId, name: 'Hidden Lead', email: 'h@example.com' } })
		expect((await listChatbots(owner)).map((c) => c.id)).not.toContain(knowledgeId)
		expect(await getOwnedChatbot(owner, knowledgeId)).toBeNull()
		expect(await setChatbotActive(owner, knowledgeId, true)).toBe(false)
		expect(await updateChatbot(owner, knowledgeId, form('Overwritten'))).toBe(false)
		expect(await leadsCsv(owner, knowledgeId)).toBeNull()
		expect(await listLeads(owner, knowledgeId)).toBeNull()
		expect(await getWebhookSettings(owner, knowledgeId)).toBeNull()
		expect(await setWebhook(owner, knowledgeId, 'https://hooks.example/x')).toBe(false)
		expect(
			await saveWidgetSettings(owner, knowledgeId, WidgetSettingsSchema.parse(formValuesOf(DEFAULT_APPEARANCE, []))),
		).toBe(false)
		expect(await saveWidgetAvatar(owner, knowledgeId, null)).toBe(false)
		// Even switched on behind the product's back, it has no widget.
		await prisma.chatbot.update({ where: { id: knowledgeId }, data: { isActive: true } })
		expect(await getActiveWidget(knowledgeId)).toBeNull()
		expect(await deleteChatbot(owner, knowledgeId)).toBe(false)
		expect(await prisma.chatbot.findUnique({ where: { id: knowledgeId } })).toMatchObject({
			voiceAgentId: agent.id,
			knowledgeBase: '',
		})
		await prisma.agent.delete({ where: { id: agent.id } })
	})

	test('the list is the owner’s, newest first', async () => {
		const list = await listChatbots(owner)
		expect(list.length).toBeGreaterThan(2)
		const times = list.map((c) => c.createdAt.getTime())
		expect([...times].sort((a, b) => b - a)).toEqual(times)
	})
})

test("knowledge across all of a user's chatbots is capped; an edit counts its new text, not its old", async () => {
	const owner = await prisma.user.create({ data: { email: `quota-${randomUUID()}@example.com`, passwordHash: 'x' } })
	const form = ChatbotFormSchema.parse({ name: 'Quota', knowledgeBase: 'a'.repeat(600), systemPrompt: '' })
	const { chatbot } = await createChatbotOnly(owner.id, form, 'http://localhost')
	expect(await checkKnowledgeQuota(owner.id, 400, { maxChars: 1_000 })).toBeNull()
	expect(await checkKnowledgeQuota(owner.id, 401, { maxChars: 1_000 })).toMatch(
		/can hold 1,000 characters of knowledge in all; this would make 1,001/,
	)
	expect(await checkKnowledgeQuota(owner.id, 1_000, { maxChars: 1_000, replacingId: chatbot.id })).toBeNull()
	await prisma.user.delete({ where: { id: owner.id } })
})

test('a voice assistant’s knowledge counts in the same quota: its typed text and its sources', async () => {
	const owner = await prisma.user.create({ data: { email: `quota-${randomUUID()}@example.com`, passwordHash: 'x' } })
	const form = ChatbotFormSchema.parse({ name: 'Quota', knowledgeBase: 'a'.repeat(300), systemPrompt: '' })
	await createChatbotOnly(owner.id, form, 'http://localhost')
	const agent = await prisma.agent.create({
		data: { userId: owner.id, name: 'Desk', instructions: 'Be brief.', firstMessage: 'Hello!' },
	})
	const knowledgeId = (await ensureAgentKnowledgeBase(owner.id, agent.id))!
	await prisma.chatbot.update({ where: { id: knowledgeId }, data: { knowledgeBase: 'b'.repeat(300) } })
	await prisma.knowledgeSource.create({
		data: { chatbotId: knowledgeId, kind: 'file', origin: 'price-list.pdf', status: 'ready', chars: 300 },
	})
	// 900 of 1,000 used: 300 in the chatbot, 600 in the assistant's knowledge base.
	expect(await checkKnowledgeQuota(owner.id, 100, { maxChars: 1_000 })).toBeNull()
	expect(await checkKnowledgeQuota(owner.id, 101, { maxChars: 1_000 })).toBe(
		'Your chatbots and voice assistants can hold 1,000 characters of knowledge in all; this would make 1,001. Remove knowledge, a chatbot or a voice assistant first.',
	)
	// Replacing the assistant's typed text counts its new text, not its old.
	expect(await checkKnowledgeQuota(owner.id, 400, { maxChars: 1_000, replacingId: knowledgeId })).toBeNull()
	await prisma.user.delete({ where: { id: owner.id } })
})
