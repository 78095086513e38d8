import { applyMigrations } from '../server/db/migrate.ts'
const url = 'postgres://postgres@127.0.0.1:5432/retrieval_tmp'
process.env.DATABASE_URL = url
await applyMigrations({ databaseUrl: url, log: () => {} })
const { prisma } = await import('~/lib/db.server.ts')
const { createChatbot } = await import('~/features/chatbots/chatbots.server.ts')
const { searchKnowledge } = await import('~/features/chatbots/knowledge.server.ts')
const { ChatbotFormSchema } = await import('~/features/chatbots/chatbot-schema.ts')
const topics = [
	'refund',
	'shipping',
	'warranty',
	'returns',
	'billing',
	'privacy',
	'support',
	'delivery',
	'exchange',
	'installation',
	'maintenance',
	'pricing',
]
const places = ['Pune', 'Delhi', 'Mumbai', 'Chennai', 'Kolkata', 'Jaipur', 'Noida', 'Lucknow', 'Indore', 'Kochi']
function paragraph(i: number) {
	const topic = topics[i % topics.length]
	const place = places[(i * 7) % places.length]
	return `Section ${i}: our ${topic} policy for customers in ${place}. Item ${i * 13} covers ${topics[(i * 5) % topics.length]} and ${topics[(i * 3) % topics.length]} questions, with answers reviewed every quarter by the ${place} team. Reference code ZX-${i.toString(36).toUpperCase()} applies to every request about ${topic}.`
}
let bot = await prisma.chatbot.findFirst({ where: { name: 'Bench' } })
if (!bot) {
	const user = await prisma.user.create({ data: { email: 'bench@example.com', passwordHash: 'x' } })
	const parts: string[] = []
	let size = 0
	for (let i = 0; size < 5 * 1024 * 1024; i++) {
		const p = paragraph(i)
		parts.push(p)
		size += p.length + 2
	}
	bot = (
		await createChatbot(
			user.id,
			ChatbotFormSchema.parse({ name: 'Bench', knowledgeBase: parts.join('\n\n'), systemPrompt: '' }),
			'http://x',
		)
	).chatbot as never
	await prisma.$executeRawUnsafe('VACUUM ANALYZE knowledge_terms')
	await prisma.$executeRawUnsafe('VACUUM ANALYZE knowledge_chunks')
}
const questions = Array.from({ length: 500 }, (_, i) => {
	const n = (i * 7919) % 20_000
	return `What is the ${topics[n % topics.length]} policy in ${places[n % places.length]} for reference ZX-${n.toString(36).toUpperCase()}?`
})
for (const q of questions.slice(0, 20)) await searchKnowledge(bot!.id, q)
const times: number[] = []
for (const q of questions) {
	const t = performance.now()
	await searchKnowledge(bot!.id, q)
	times.push(performance.now() - t)
}
times.sort((a, b) => a - b)
console.log('p50', times[250].toFixed(1), 'p95', times[475].toFixed(1))
await prisma.$disconnect()
