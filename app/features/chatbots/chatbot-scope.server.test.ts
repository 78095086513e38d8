// Every list, action and export of chatbots asks through chatbot-scope.server.ts, so a voice
// assistant's knowledge-only row (ADR 0054) can never be listed, switched, deleted, opened,
// embedded or exported as a chatbot. This reads the code that serves chatbots as chatbots and fails
// on a query that forgets the scope: a new query there must use userChatbot(s)/isChatbotRow, or be
// added below with the reason it may see every row.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const serverFiles = (dir: string) =>
	readdirSync(path.join(root, dir))
		.filter((name) => name.endsWith('.server.ts') && !name.endsWith('.test.ts'))
		.map((name) => path.join(dir, name))

/** The chatbots' own code: the list and builder, the widget, conversations, leads and insights. */
const SCOPED_FILES = [
	'app/features/chatbots/chatbots.server.ts',
	...serverFiles('app/features/chatbots/conversations'),
	...serverFiles('app/features/chatbots/widget'),
]

/** Queries there that may see every row, each with why. */
const EVERY_ROW: Array<{ file: string; snippet: string; why: string }> = [
	{ file: 'chatbots.server.ts', snippet: 'tx.chatbot.create(', why: 'creates a chatbot' },
	{ file: 'chatbots.server.ts', snippet: 'where: { id: created.id }', why: 'the row it has just created' },
	{
		file: 'conversations.server.ts',
		snippet: 'tx.chatbot.update({ where: { id: chatbotId }',
		why: 'the row its scoped findFirst has just read in the same transaction',
	},
	{ file: 'conversations.server.ts', snippet: 'sum(w.units) OVER', why: 'storage caps count all of a user’s rows' },
	{ file: 'conversations.server.ts', snippet: 'make_interval(days => b.retention_days)', why: 'retention job' },
	{ file: 'conversations.server.ts', snippet: 'sum(c.message_count)::int AS stored', why: 'storage caps' },
	{ file: 'conversations.server.ts', snippet: 'sum(${MESSAGE_BYTES})::float8 AS stored', why: 'storage caps' },
	{ file: 'widget.server.ts', snippet: 'embed_refused_origin = ${origin}', why: 'after getActiveWidget' },
]

const PRISMA_CALL = /\b(?:prisma|tx)\.chatbot\.\w+\(/g
const RAW_SQL = /\$(?:queryRaw|executeRaw)(?:<[^`]*>)?`([^`]*)`/g
const TOUCHES_CHATBOTS = /\b(?:FROM|JOIN|UPDATE|USING)\s+chatbots\b/

test('the chatbots’ list, page, widget and activity code never forget the knowledge-only rows', () => {
	const forgotten: string[] = []
	for (const file of SCOPED_FILES) {
		const source = readFileSync(path.join(root, file), 'utf8')
		const allowed = (text: string) =>
			EVERY_ROW.some((entry) => file.endsWith(entry.file) && text.includes(entry.snippet))
		for (const match of source.matchAll(PRISMA_CALL)) {
			const call = source.slice(match.index, source.indexOf('})', match.index) + 2)
			if (!/userChatbots?\(|voiceAgentId: null/.test(call) && !allowed(call)) forgotten.push(`${file}: ${call}`)
		}
		for (const match of source.matchAll(RAW_SQL)) {
			const sql = match[1]
			if (TOUCHES_CHATBOTS.test(sql) && !sql.includes('isChatbotRow(') && !allowed(sql))
				forgotten.push(`${file}: ${sql.trim().slice(0, 120)}`)
		}
		// A relation filter by owner alone reaches the knowledge-only rows too.
		for (const match of source.matchAll(/chatbot: \{ userId \}/g)) forgotten.push(`${file}: ${match[0]}`)
	}
	expect(forgotten).toEqual([])
})

test('the check reads the queries it guards (it would see a forgotten scope)', () => {
	const source = readFileSync(path.join(root, 'app/features/chatbots/conversations/leads.server.ts'), 'utf8')
	expect([...source.matchAll(PRISMA_CALL)].length).toBeGreaterThanOrEqual(3)
	expect([...source.matchAll(RAW_SQL)].some((m) => TOUCHES_CHATBOTS.test(m[1]))).toBe(true)
})
