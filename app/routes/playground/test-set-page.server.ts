// What a Tests section's routes (a chatbot's, a voice assistant's) answer with, for the signed-in
// owner of their subject (anyone else gets 404, as for a subject that does not exist): the page's data
// (the tests with their last result, the latest run and its trend, the failing tests), the suggested
// tests, and the set as a CSV file. docs/decisions/0057-chatbot-test-sets.md, 0062-voice-test-sets.md
import { data } from 'react-router'
import { agentKnowledgeChatbot } from '~/features/chatbots/agent-knowledge.server.ts'
import { formatWhen } from '~/features/chatbots/conversations/activity-format.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { runInProgress, testSetOverview } from '~/features/chatbots/test-sets/runs.server.ts'
import type { TestSubject } from '~/features/chatbots/test-sets/subject.ts'
import { suggestedTests } from '~/features/chatbots/test-sets/suggestions.server.ts'
import { exportTests, listTests } from '~/features/chatbots/test-sets/tests.server.ts'
import type { RunView } from '~/features/chatbots/test-sets/ui/test-set-view.tsx'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { csvDownload, privateHeaders } from '~/lib/http.server.ts'
import { requireUser } from '~/routes/guards.server.ts'

/** What a subject that is not the user's (or is gone) answers with: 404, in its own words. */
export const notFoundOf = (subject: TestSubject) =>
	subject.kind === 'chatbot' ? chatbotBuilder.toasts.notFound : voicebotBuilder.toasts.notFound

type RunRow = NonNullable<NonNullable<Awaited<ReturnType<typeof testSetOverview>>>['latest']>

const runView = (run: RunRow): RunView => ({
	status: run.status,
	active: runInProgress(run),
	done: run.done,
	total: run.total,
	passed: run.passed,
	regressions: run.regressions,
	error: run.error,
	trigger: run.trigger,
	createdAt: run.createdAt.toISOString(),
	when: formatWhen(run.createdAt),
})

/** The Tests section's data for the user's `subject`; null when it is not theirs. */
async function testSetPageData(userId: string, subject: TestSubject) {
	const [tests, overview, shared] = await Promise.all([
		listTests(userId, subject),
		testSetOverview(userId, subject),
		subject.kind === 'agent' ? agentKnowledgeChatbot(userId, subject.id) : null,
	])
	if (!tests || !overview) return null
	const last = (id: string) => {
		const result = overview.lastResults.get(id)
		if (!result) return null
		if (result.edited) return 'edited' as const
		return result.passed ? ('pass' as const) : ('fail' as const)
	}
	return {
		tests: tests.map((test) => ({ ...test, last: last(test.id) })),
		latest: overview.latest && runView(overview.latest),
		finished: overview.finished && runView(overview.finished),
		trend: overview.trend.map((run) => ({
			at: Math.round((run.finishedAt ?? run.createdAt).getTime() / 1000),
			percent: run.total > 0 ? Math.round((run.passed / run.total) * 100) : 0,
			passed: run.passed,
			total: run.total,
			when: formatWhen(run.createdAt),
			trigger: run.trigger,
		})),
		failing: overview.failing,
		knowledgeChanging: overview.knowledgeChanging,
		answersFrom: shared?.name ?? null,
	}
}

/** The loader of a Tests section. */
export async function testSetLoader(request: Request, subject: TestSubject) {
	const { user, setCookie } = await requireUser(request)
	const page = await testSetPageData(user.id, subject)
	if (!page) throw data(notFoundOf(subject), { status: 404 })
	return data(page, { headers: privateHeaders(setCookie) })
}

/** The loader of a Tests section's suggestions (written by the subject's connected model, or offline). */
export async function testSuggestionsLoader(request: Request, subject: TestSubject) {
	const { user, setCookie } = await requireUser(request)
	const suggested = await suggestedTests(user.id, subject)
	if (!suggested) throw data(notFoundOf(subject), { status: 404 })
	return data(suggested, { headers: privateHeaders(setCookie) })
}

/** The loader of a test set's CSV file. */
export async function testSetCsvLoader(request: Request, subject: TestSubject) {
	const { user } = await requireUser(request)
	return csvDownload(await exportTests(user.id, subject), `tests-${subject.id.slice(0, 8)}.csv`)
}
