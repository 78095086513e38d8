import { userChatbot } from '~/features/chatbots/chatbot-scope.server.ts'
// Insights over a chatbot's visitor conversations for a period: per day, the answer rate, the thumbs
// ratio, the questions asked most and the pages visitors chat from. Test conversations (the
// owner's preview) are left out. docs/decisions/0019-conversation-logs.md
import { prisma } from '~/lib/db.server.ts'
import { isUuid } from '~/lib/misc.ts'

export type DailyActivity = { day: string; conversations: number; messages: number }

export type Insights = {
	days: DailyActivity[]
	conversations: number
	questions: number
	answers: number
	answered: number
	thumbsUp: number
	thumbsDown: number
	topQuestions: Array<{ question: string; count: number }>
	topPages: Array<{ pageUrl: string; conversations: number }>
}

/** Null when the chatbot is not this user's. Days are the owner's (`timeZone`), oldest first. */
export async function chatbotInsights(
	userId: string,
	chatbotId: string,
	{ days, timeZone }: { days: number; timeZone: string },
): Promise<Insights | null> {
	if (!isUuid(chatbotId)) return null
	const owned = await prisma.chatbot.count({ where: userChatbot(userId, chatbotId) })
	if (!owned) return null
	const since = prisma.$queryRaw<Array<{ since: Date }>>`
		SELECT ((now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone} AS since`
	const [{ since: from }] = await since
	const [daily, [totals], topQuestions, topPages] = await Promise.all([
		prisma.$queryRaw<DailyActivity[]>`
			WITH series AS (
				SELECT generate_series(${from}::timestamptz AT TIME ZONE ${timeZone}, now() AT TIME ZONE ${timeZone}, interval '1 day')::date AS day
			)
			SELECT to_char(s.day, 'YYYY-MM-DD') AS day,
				(SELECT count(*)::int FROM chatbot_conversations c
					WHERE c.chatbot_id = ${chatbotId}::uuid AND c.kind = 'embed'
					AND (c.started_at AT TIME ZONE ${timeZone})::date = s.day) AS conversations,
				(SELECT count(*)::int FROM chatbot_messages m JOIN chatbot_conversations c ON c.id = m.conversation_id
					WHERE m.chatbot_id = ${chatbotId}::uuid AND c.kind = 'embed' AND m.role = 'user'
					AND m.created_at >= ${from}::timestamptz
					AND (m.created_at AT TIME ZONE ${timeZone})::date = s.day) AS messages
			FROM series s ORDER BY s.day`,
		prisma.$queryRaw<Array<Omit<Insights, 'days' | 'topQuestions' | 'topPages'>>>`
			SELECT
				(SELECT count(*)::int FROM chatbot_conversations c
					WHERE c.chatbot_id = ${chatbotId}::uuid AND c.kind = 'embed' AND c.started_at >= ${from}::timestamptz) AS conversations,
				count(*) FILTER (WHERE m.role = 'user')::int AS questions,
				count(*) FILTER (WHERE m.role = 'assistant')::int AS answers,
				count(*) FILTER (WHERE m.role = 'assistant' AND m.answered)::int AS answered,
				count(*) FILTER (WHERE m.feedback = 'up')::int AS "thumbsUp",
				count(*) FILTER (WHERE m.feedback = 'down')::int AS "thumbsDown"
			FROM chatbot_messages m JOIN chatbot_conversations c ON c.id = m.conversation_id AND c.kind = 'embed'
			WHERE m.chatbot_id = ${chatbotId}::uuid AND m.created_at >= ${from}::timestamptz`,
		prisma.$queryRaw<Array<{ question: string; count: number }>>`
			SELECT min(m.text) AS question, count(*)::int AS count
			FROM chatbot_messages m JOIN chatbot_conversations c ON c.id = m.conversation_id AND c.kind = 'embed'
			WHERE m.chatbot_id = ${chatbotId}::uuid AND m.role = 'user' AND m.created_at >= ${from}::timestamptz
			GROUP BY lower(regexp_replace(trim(left(m.text, 300)), '[[:space:][:punct:]]+', ' ', 'g'))
			ORDER BY count DESC, max(m.created_at) DESC LIMIT 10`,
		prisma.$queryRaw<Array<{ pageUrl: string; conversations: number }>>`
			SELECT page_url AS "pageUrl", count(*)::int AS conversations
			FROM chatbot_conversations
			WHERE chatbot_id = ${chatbotId}::uuid AND kind = 'embed' AND page_url IS NOT NULL AND started_at >= ${from}::timestamptz
			GROUP BY page_url ORDER BY conversations DESC, page_url LIMIT 10`,
	])
	return { days: daily, ...totals, topQuestions, topPages }
}
