// `npm run bench:conversations`: the owner's Conversations list, straight against Postgres, with
// 100,000 stored messages (50,000 conversations of a question and an answer, a tenth unanswered, some
// with feedback): the first page, a deep page (keyset cursor), the "unanswered" and "thumbs down"
// filters, a text search and a date range, each p50/p95 over repeated runs (goal: p95 under 100 ms).
import { applyMigrations } from '../../server/db/migrate.ts'
import { startTestServer } from '../../tests/setup/test-database.ts'

const runs = Number(process.env.BENCH_RUNS ?? 50)
const conversations = Number(process.env.BENCH_CONVERSATIONS ?? 50_000)
const percentile = (values: number[], p: number) =>
	[...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]

const database = await startTestServer(process.env.DATABASE_URL)
const { url } = await database.createScratchDatabase('bench_conversations')
await applyMigrations({ databaseUrl: url, log: () => {} })
process.env.DATABASE_URL = url
process.env.SESSION_SECRET ??= 'bench-session-secret-0123456789abcdef0123456789'
const { prisma } = await import('~/lib/db.server.ts')
const { listConversations } = await import('~/features/chatbots/conversations/conversations.server.ts')
const { ConversationListQuerySchema } = await import('~/features/chatbots/conversations/conversation-schema.ts')

try {
	const user = await prisma.user.create({ data: { email: 'bench@example.com', passwordHash: 'x' } })
	const chatbot = await prisma.chatbot.create({
		data: { userId: user.id, name: 'Bench', knowledgeBase: '', systemPrompt: '' },
	})
	// Another owner's chatbot with as many again: the list must not read them.
	const other = await prisma.chatbot.create({
		data: { userId: user.id, name: 'Other', knowledgeBase: '', systemPrompt: '' },
	})
	const seeded = performance.now()
	for (const id of [chatbot.id, other.id]) {
		await prisma.$executeRawUnsafe(
			`INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, page_url, started_at, last_message_at,
				message_count, unanswered_count, thumbs_up, thumbs_down)
			 SELECT $1::uuid, 'c' || n, 'v' || (n % 9000), 'https://shop.example/page-' || (n % 40),
				now() - make_interval(mins => n * 2), now() - make_interval(mins => n * 2), 2,
				(n % 10 = 0)::int, (n % 7 = 0)::int, (n % 13 = 0)::int
			 FROM generate_series(1, $2::int) n`,
			id,
			conversations,
		)
		await prisma.$executeRawUnsafe(
			`INSERT INTO chatbot_messages (conversation_id, chatbot_id, role, text, created_at, answered)
			 SELECT c.id, c.chatbot_id, r.role,
				CASE WHEN r.role = 'user' THEN 'How long does widget W-' || (hashtext(c.client_id) % 500) || ' take to ship to ' || (ARRAY['Pune','Delhi','Chennai','Kochi'])[1 + abs(hashtext(c.client_id)) % 4] || '?'
					ELSE 'Widget orders ship within ' || (abs(hashtext(c.client_id)) % 9 + 1) || ' days across India.' END,
				c.started_at + CASE WHEN r.role = 'user' THEN interval '0' ELSE interval '2 seconds' END,
				CASE WHEN r.role = 'assistant' THEN c.unanswered_count = 0 END
			 FROM chatbot_conversations c, (VALUES ('user'), ('assistant')) r(role)
			 WHERE c.chatbot_id = $1::uuid`,
			id,
		)
	}
	await prisma.$executeRawUnsafe('ANALYZE')
	const messages = await prisma.chatbotMessage.count({ where: { chatbotId: chatbot.id } })
	console.log(
		`\nConversations list over ${messages.toLocaleString('en-US')} stored messages of one chatbot (and as many of another), seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; ${runs} runs each`,
	)
	const timeZone = 'Asia/Kolkata'
	const first = await listConversations(user.id, chatbot.id, ConversationListQuerySchema.parse({}), { timeZone })
	// A cursor about 40,000 conversations deep.
	const [deep] = await prisma.$queryRawUnsafe<Array<{ at: Date; id: string }>>(
		`SELECT last_message_at AS at, id FROM chatbot_conversations WHERE chatbot_id = $1::uuid
		 ORDER BY last_message_at DESC, id DESC OFFSET 40000 LIMIT 1`,
		chatbot.id,
	)
	const today = new Date()
	const weekAgo = new Date(today.getTime() - 7 * 86_400_000)
	const cases: Array<[string, Record<string, string>]> = [
		['first page', {}],
		['next page (cursor)', { after: first!.nextCursor! }],
		['40,000 deep (cursor)', { after: `${deep.at.toISOString()}_${deep.id}` }],
		['unanswered', { filter: 'unanswered' }],
		['thumbs down', { filter: 'thumbs-down' }],
		['search "Chennai"', { q: 'Chennai' }],
		['search "W-42 Chennai"', { q: 'W-42 Chennai' }],
		// The seeding never puts W-42 with Kochi: a search that reads every candidate and finds none.
		['search "W-42 Kochi"', { q: 'W-42 Kochi' }],
		['last 7 days', { from: weekAgo.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) }],
	]
	let worst = 0
	for (const [label, input] of cases) {
		const query = ConversationListQuerySchema.parse(input)
		const times: number[] = []
		let rows = 0
		for (let i = 0; i < runs + 3; i++) {
			const started = performance.now()
			const page = await listConversations(user.id, chatbot.id, query, { timeZone })
			if (i >= 3) times.push(performance.now() - started)
			rows = page!.rows.length
		}
		worst = Math.max(worst, percentile(times, 95))
		console.log(
			`  ${label.padEnd(24)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms, p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms (${rows} rows)`,
		)
	}
	console.log(`  worst p95: ${worst.toFixed(1)} ms (goal < 100 ms) ${worst < 100 ? 'PASS' : 'MISS'}`)
} finally {
	await prisma.$disconnect()
	await database.stop()
}
