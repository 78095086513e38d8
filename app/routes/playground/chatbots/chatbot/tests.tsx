// /playground/chatbots/:chatbotId/tests: the chatbot's test set (ADR 0057). The latest run's score,
// its trend and its failing tests (regressions first) with their reply, the passage they cited and a
// fix; the tests with their forms; CSV import and export. Runs are jobs: while one runs, the page
// follows it (without JavaScript, a Refresh link). Every part is a plain link or form post.
import { data, useSearchParams } from 'react-router'
import { WorkspaceSection } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { formatWhen } from '~/features/chatbots/conversations/activity-format.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { testSetOverview } from '~/features/chatbots/test-sets/runs.server.ts'
import { TESTS_BODY_LIMIT } from '~/features/chatbots/test-sets/test-schema.ts'
import { testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'
import { listTests } from '~/features/chatbots/test-sets/tests.server.ts'
import {
	AddTests,
	FailingTests,
	RunPanel,
	TestList,
	type RunView,
} from '~/features/chatbots/test-sets/ui/test-set-view.tsx'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { useRefreshWhile } from '~/lib/use-refresh-while.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/tests'
import { requireOwnedChatbot } from './chatbot-section.server.ts'
import { testsAction } from './tests-actions.server.ts'

type RunRow = NonNullable<NonNullable<Awaited<ReturnType<typeof testSetOverview>>>['latest']>

const runView = (run: RunRow): RunView => ({
	status: run.status,
	done: run.done,
	total: run.total,
	passed: run.passed,
	regressions: run.regressions,
	error: run.error,
	trigger: run.trigger,
	createdAt: run.createdAt.toISOString(),
	when: formatWhen(run.createdAt),
})

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	const [tests, overview] = await Promise.all([
		listTests(user.id, params.chatbotId),
		testSetOverview(user.id, params.chatbotId),
	])
	if (!tests || !overview) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	const last = (id: string) => {
		const passed = overview.lastResults.get(id)
		return passed === undefined ? null : passed ? ('pass' as const) : ('fail' as const)
	}
	return data(
		{
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
		},
		{ headers: privateHeaders(setCookie) },
	)
}

// A CSV file of the test set (refused past its cap by the action, with the page's message).
export const handle = { bodyLimit: TESTS_BODY_LIMIT }

export async function action({ request, params }: Route.ActionArgs) {
	// Someone else's chatbot looks exactly like one that does not exist, whatever the intent.
	const { user } = await requireOwnedChatbot(request, params.chatbotId)
	return testsAction(request, user.id, params.chatbotId)
}

export const meta: Route.MetaFunction = () => [
	{ title: `${testSetCopy.title} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function TestsRoute({ loaderData, actionData, params }: Route.ComponentProps) {
	const { tests, latest, finished, trend, failing } = loaderData
	const [searchParams] = useSearchParams()
	const path = chatbotPaths(params.chatbotId).tests
	useRefreshWhile(latest?.status === 'queued' || latest?.status === 'running')
	return (
		<WorkspaceSection title={testSetCopy.title}>
			<ToastMessage toast={actionData?.toast} />
			<p className="mt-1 max-w-3xl text-sm text-slate-600">{testSetCopy.intro}</p>
			<RunPanel latest={latest} finished={finished} trend={trend} path={path} />
			<FailingTests failing={failing} path={path} returned={actionData} />
			<TestList tests={tests} editing={searchParams.get('edit')} path={path} returned={actionData} />
			<AddTests path={path} count={tests.length} returned={actionData} />
		</WorkspaceSection>
	)
}
