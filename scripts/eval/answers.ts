// `npm run eval:answers`: how well a chatbot answers, through the real HTTP API of the production
// build with the built-in offline model. The question set is made here from a product handbook
// written for the test (scripts/eval/handbook.ts): questions with an answer in it, paraphrased,
// and a third with none (an attribute it never states, a product it does not sell). Printed:
// - retrieval hit@1 and hit@4 (the passage holding the answer's sentence among the sources the
//   preview lists), beside a textbook Okapi BM25 over the same chunks computed here;
// - answers that contain the gold answer; abstentions on unanswerable questions; false abstentions;
// - p50 latency of a whole answer.
import { randomUUID } from 'node:crypto'
import { startApp } from '../bench/start-app.ts'
import { buildHandbook, type EvalQuestion } from './handbook.ts'
import { squadSets, type SquadItem } from './squad.ts'

const SESSION_SECRET = 'eval-session-secret-0123456789abcdef0123456789'
/** The preview allows 60 questions a minute per owner: the questions are shared among owners. */
const OWNERS = 20

const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`

const app = await startApp({ SESSION_SECRET })
process.env.DATABASE_URL = app.databaseUrl
process.env.SESSION_SECRET = SESSION_SECRET
const { prisma } = await import('~/lib/db.server.ts')
const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
const { ChatbotFormSchema } = await import('~/features/chatbots/chatbot-schema.ts')
const { sessionCookieFor } = await import('../../tests/support/session-cookie.ts')
const { tokenize } = await import('~/ai/terms.ts')
const { OFFLINE_DONT_KNOW } = await import('~/ai/offline-model.server.ts')
const { answerChatbotQuestion } = await import('~/features/chatbots/reply.server.ts')
const { DEFAULT_MODEL_CHOICE } = await import('~/ai/models.server.ts')

/** Which sets to run: all by default; `--only=tuning` (or held-out, handbook) for one. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)

/** Waits for the app's job worker to index a chatbot's typed text (the questions need its chunks). */
async function textIndexed(chatbotId: string) {
	for (const started = Date.now(); Date.now() - started < 120_000; await new Promise((r) => setTimeout(r, 100))) {
		const source = await prisma.knowledgeSource.findFirst({
			where: { chatbotId, kind: 'text' },
			select: { status: true },
		})
		if (source?.status === 'ready') return
		if (source?.status === 'failed') throw new Error(`Indexing the text of chatbot ${chatbotId} failed`)
	}
	throw new Error(`The text of chatbot ${chatbotId} was not indexed within 2 minutes`)
}

/**
 * Textbook Okapi BM25 (k1 1.2, b 0.75) over the same chunks and the same terms, with none of the
 * product's additions (titles and headings, phrases and nearness, follow-ups): the baseline the
 * product's retrieval is measured against. The indexes of the best `limit` chunks.
 */
function textbookBm25(question: string, passages: string[], limit: number) {
	const terms = [...new Set(tokenize(question))]
	const documents = passages.map((passage) => tokenize(passage))
	const averageLength = documents.reduce((sum, d) => sum + d.length, 0) / documents.length || 1
	const df = new Map<string, number>()
	for (const document of documents) for (const term of new Set(document)) df.set(term, (df.get(term) ?? 0) + 1)
	return documents
		.map((document, index) => {
			let score = 0
			for (const term of terms) {
				const tf = document.filter((t) => t === term).length
				if (!tf) continue
				const n = df.get(term) ?? 0
				const idf = Math.log(1 + (documents.length - n + 0.5) / (n + 0.5))
				score += (idf * (tf * 2.2)) / (tf + 1.2 * (0.25 + (0.75 * document.length) / averageLength))
			}
			return { index, score }
		})
		.filter((d) => d.score > 0)
		.sort((a, b) => b.score - a.score)
		.slice(0, limit)
		.map((d) => d.index)
}

type Owner = { cookie: string; chatbotId: string }

async function ask(owner: Owner, { question, earlier }: EvalQuestion) {
	const turn = (role: 'user' | 'assistant', text: string) => ({
		id: randomUUID(),
		role,
		parts: [{ type: 'text', text }],
	})
	const messages = [
		...(earlier ? [turn('user', earlier.question), turn('assistant', earlier.reply)] : []),
		turn('user', question),
	]
	const started = performance.now()
	const response = await fetch(`${app.origin}/api/chatbots/${owner.chatbotId}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', cookie: owner.cookie, origin: app.origin },
		body: JSON.stringify({ messages }),
	})
	if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`)
	let reply = ''
	let sources: Array<{ position: number }> = []
	for (const line of (await response.text()).split('\n')) {
		if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
		const part = JSON.parse(line.slice(6)) as { type: string; delta?: string; data?: Array<{ position: number }> }
		if (part.type === 'text-delta') reply += part.delta ?? ''
		if (part.type === 'data-sources') sources = part.data ?? []
	}
	return { reply, positions: sources.map((s) => s.position), ms: performance.now() - started }
}

/** One handbook layout: its chatbots, the questions through the API, and the figures printed. */
async function evaluate(label: string, widgetsPerParagraph: number) {
	const { text, questions, followUps } = buildHandbook({ widgetsPerParagraph })
	const owners: Owner[] = []
	for (let i = 0; i < OWNERS; i++) {
		const email = `eval-handbook-${widgetsPerParagraph}-${i}@example.com`
		const cookie = await sessionCookieFor(email)
		const user = await prisma.user.findUniqueOrThrow({ where: { email } })
		const { chatbot } = await createChatbot(
			user.id,
			ChatbotFormSchema.parse({ name: 'Handbook', knowledgeBase: text, systemPrompt: '' }),
			app.origin,
		)
		await textIndexed(chatbot.id)
		owners.push({ cookie, chatbotId: chatbot.id })
	}
	const chunks = await prisma.knowledgeChunk.findMany({
		where: { chatbotId: owners[0].chatbotId },
		orderBy: { position: 'asc' },
		select: { position: true, content: true },
	})
	const holds = (position: number | undefined, question: EvalQuestion) =>
		position !== undefined && !!question.evidence && chunks[position]?.content.includes(question.evidence)
	const askAll = async (set: EvalQuestion[]) => {
		const results = []
		for (let i = 0; i < set.length; i += OWNERS) {
			const batch = set.slice(i, i + OWNERS)
			results.push(
				...(await Promise.all(batch.map(async (question, j) => ({ question, ...(await ask(owners[j], question)) })))),
			)
		}
		return results
	}
	const says = (reply: string, value: string) => reply.toLowerCase().includes(value.toLowerCase())
	const abstained = (reply: string) => reply.trim() === OFFLINE_DONT_KNOW
	/** The reply has the gold answer and no other widget's value of the same fact. */
	const clean = (r: { reply: string; question: EvalQuestion }) =>
		says(r.reply, r.question.answer!) && !r.question.others?.some((value) => says(r.reply, value))
	/** Retrieval hit@k for ours and for textbook BM25 over the same chunks, given the same text. */
	const hits = (answerable: Awaited<ReturnType<typeof askAll>>) => {
		// The reference searches what a retriever without conversation would: the latest question.
		const reference = answerable.map((r) =>
			textbookBm25(
				r.question.question,
				chunks.map((c) => c.content),
				4,
			),
		)
		const at = (k: number, positions: (i: number) => number[]) =>
			pct(
				answerable.filter((r, i) =>
					positions(i)
						.slice(0, k)
						.some((p) => holds(p, r.question)),
				).length,
				answerable.length,
			)
		const ours = (i: number) => answerable[i].positions
		const textbook = (i: number) => reference[i]
		return `hit@1: ${at(1, ours)} (textbook BM25: ${at(1, textbook)}); hit@4: ${at(4, ours)} (textbook BM25: ${at(4, textbook)})`
	}

	const results = await askAll(questions)
	const answerable = results.filter((r) => r.question.answer)
	const unanswerable = results.filter((r) => !r.question.answer)
	console.log(
		`\n${label}: ${results.length} questions (${answerable.length} answerable, ${unanswerable.length} not), over ${chunks.length} chunks`,
	)
	console.log(`Retrieval ${hits(answerable)}`)
	console.log(
		`Answers containing the gold answer: ${pct(answerable.filter((r) => says(r.reply, r.question.answer!)).length, answerable.length)} of answerable questions; with no other widget's value for that fact: ${pct(answerable.filter(clean).length, answerable.length)}`,
	)
	console.log(
		`Abstained on unanswerable questions: ${pct(unanswerable.filter((r) => abstained(r.reply)).length, unanswerable.length)}; false abstentions on answerable ones: ${pct(answerable.filter((r) => abstained(r.reply)).length, answerable.length)}`,
	)
	console.log(
		`Latency of a whole answer: p50 ${percentile(
			results.map((r) => r.ms),
			50,
		).toFixed(0)} ms`,
	)

	const followed = await askAll(followUps)
	console.log(
		`Follow-ups ("How heavy is it?" after a turn about a widget; "And the Eagle?" after the Falcon's weight), ${followed.length}: retrieval ${hits(followed)}; clean gold answers ${pct(followed.filter(clean).length, followed.length)}`,
	)
	if (process.env.EVAL_VERBOSE) {
		for (const r of [...results, ...followed].filter((r) => (r.question.answer ? !clean(r) : !abstained(r.reply))))
			console.log(
				`MISS ${r.question.earlier ? `${r.question.earlier.question} → ` : ''}${r.question.question} | gold ${r.question.answer ?? '(none)'} | ${r.reply.slice(0, 160)}`,
			)
	}
}

const normal = (text: string) =>
	text
		.replace(/\s?\[\d{1,2}\]/g, '')
		.replace(/\s+/g, ' ')
		.toLowerCase()
		.trim()
const median = (values: number[]) => percentile(values, 50)

/**
 * One set of real articles: each article is one chatbot's typed knowledge, indexed as the app's job
 * would, and each question goes to the preview's answer (answerChatbotQuestion: retrieval, the
 * offline model, the sources it lists), in this process rather than over HTTP so that thousands of
 * questions take a minute. Misses are printed with EVAL_VERBOSE, never for the held-out set.
 */
async function evaluateArticles(label: string, articles: Array<ReturnType<typeof squadSets>['tuning'][number]>) {
	type Result = { item: SquadItem; reply: string; positions: number[]; reference: number[]; chunks: string[] }
	const results: Result[] = []
	let chunkCount = 0
	for (const [a, article] of articles.entries()) {
		const email = `eval-${label.replace(/\W+/g, '-').toLowerCase()}-${a}@example.com`
		await sessionCookieFor(email)
		const user = await prisma.user.findUniqueOrThrow({ where: { email } })
		const { chatbot } = await createChatbot(
			user.id,
			ChatbotFormSchema.parse({ name: article.title, knowledgeBase: article.knowledge, systemPrompt: '' }),
			app.origin,
		)
		await textIndexed(chatbot.id)
		const chunks = (
			await prisma.knowledgeChunk.findMany({
				where: { chatbotId: chatbot.id },
				orderBy: { position: 'asc' },
				select: { content: true },
			})
		).map((chunk) => chunk.content)
		chunkCount += chunks.length
		const forReply = { ...DEFAULT_MODEL_CHOICE, id: chatbot.id, name: article.title, systemPrompt: '' }
		const queue = [...article.items]
		const worker = async () => {
			for (let item = queue.shift(); item; item = queue.shift()) {
				const { text, sources } = await answerChatbotQuestion(
					forReply,
					[{ role: 'user', parts: [{ type: 'text', text: item.question }] }],
					{ label: 'Answer evaluation' },
				)
				results.push({
					item,
					reply: text ?? '',
					positions: sources.map((source) => source.position),
					reference: textbookBm25(item.question, chunks, 4),
					chunks,
				})
			}
		}
		await Promise.all(Array.from({ length: 6 }, worker))
	}
	const holds = (result: Result, position: number | undefined) =>
		position !== undefined &&
		!!result.item.evidence &&
		normal(result.chunks[position] ?? '').includes(normal(result.item.evidence))
	const answerable = results.filter((r) => r.item.answers.length > 0)
	const unanswerable = results.filter((r) => r.item.answers.length === 0)
	const at = (k: number, pick: (r: Result) => number[]) =>
		pct(
			answerable.filter((r) =>
				pick(r)
					.slice(0, k)
					.some((p) => holds(r, p)),
			).length,
			answerable.length,
		)
	const abstained = (r: Result) => r.reply.trim() === OFFLINE_DONT_KNOW
	const right = (r: Result) => r.item.answers.some((answer) => normal(r.reply).includes(normal(answer)))
	const words = (r: Result) => normal(r.reply).split(' ').filter(Boolean).length
	console.log(
		`\n${label}: ${articles.length} articles, ${results.length} questions (${answerable.length} answerable, ${unanswerable.length} not), ${chunkCount} chunks`,
	)
	console.log(
		`Retrieval hit@1: ${at(1, (r) => r.positions)} (textbook BM25: ${at(1, (r) => r.reference)}); hit@4: ${at(4, (r) => r.positions)} (textbook BM25: ${at(4, (r) => r.reference)})`,
	)
	console.log(
		`Reply contains a gold answer: ${pct(answerable.filter(right).length, answerable.length)} of answerable questions`,
	)
	console.log(
		`False "I don't know" on answerable questions: ${pct(answerable.filter(abstained).length, answerable.length)}; "I don't know" on unanswerable ones: ${pct(unanswerable.filter(abstained).length, unanswerable.length)}`,
	)
	console.log(
		`Median reply: ${median(results.filter((r) => !abstained(r)).map(words))} words (answers, not "I don't know")`,
	)
	if (process.env.EVAL_VERBOSE && label.includes('tuning')) {
		for (const r of results.filter((r) => (r.item.answers.length ? !right(r) : !abstained(r))))
			console.log(
				`MISS [${r.positions.join(',')}|${r.reference.join(',')}] ${r.item.question} | gold ${r.item.answers.join(' / ') || '(none)'} | hit ${holds(r, r.positions[0]) ? 1 : holds(r, r.positions[1]) ? 2 : '-'} | ${r.reply.slice(0, 220)}`,
			)
	}
}

try {
	const { tuning, heldOut } = squadSets()
	if (!only || only === 'tuning') await evaluateArticles('SQuAD 2.0 train, tuning articles', tuning)
	if (!only || only === 'held-out') await evaluateArticles('SQuAD 2.0 train, held-out articles', heldOut)
	if (!only || only === 'handbook') {
		await evaluate('Handbook (regression check), one widget per passage', 1)
		// Other owners: the preview's per-owner limit is per minute.
		await evaluate('Handbook (regression check), three widgets per passage', 3)
	}
} finally {
	await prisma.$disconnect()
	await app.stop()
}
