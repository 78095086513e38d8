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
const { indexTextSource } = await import('~/features/chatbots/text-source.server.ts')
const { ChatbotFormSchema } = await import('~/features/chatbots/chatbot-schema.ts')
const { sessionCookieFor } = await import('../../tests/support/session-cookie.ts')
const { rankPassages } = await import('~/ai/retrieval.ts')
const { OFFLINE_DONT_KNOW } = await import('~/ai/offline-model.server.ts')

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
		const cookie = await sessionCookieFor(`eval-${label}-${i}@example.com`)
		const user = await prisma.user.findUniqueOrThrow({ where: { email: `eval-${label}-${i}@example.com` } })
		const { chatbot } = await createChatbot(
			user.id,
			ChatbotFormSchema.parse({ name: 'Handbook', knowledgeBase: text, systemPrompt: '' }),
			app.origin,
		)
		// Indexed now, as the app's job worker would: the questions below need the chunks.
		await indexTextSource({ chatbotId: chatbot.id })
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
			rankPassages(
				r.question.question,
				chunks.map((c) => c.content),
				4,
			).map((p) => p.index),
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

try {
	await evaluate('One widget per passage', 1)
	// Other owners: the preview's per-owner limit is per minute.
	await evaluate('Three widgets per passage', 3)
} finally {
	await prisma.$disconnect()
	await app.stop()
}
