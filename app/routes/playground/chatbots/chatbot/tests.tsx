// /playground/chatbots/:chatbotId/tests: the chatbot's test set (ADR 0057), the section a voice
// assistant has too (test-set-section.tsx): the latest run's score, its trend and its failing tests
// with a fix; the tests with their forms; CSV import and export.
import { chatbotSubject } from '~/features/chatbots/test-sets/subject.ts'
import { TESTS_BODY_LIMIT } from '~/features/chatbots/test-sets/test-schema.ts'
import { TestSetSection, testSetMeta } from '~/features/chatbots/test-sets/ui/test-set-section.tsx'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { testsAction } from '~/routes/playground/test-set-actions.server.ts'
import { testSetLoader } from '~/routes/playground/test-set-page.server.ts'
import type { Route } from './+types/tests'
import { requireOwnedChatbot } from './chatbot-section.server.ts'

export const loader = ({ request, params }: Route.LoaderArgs) =>
	testSetLoader(request, chatbotSubject(params.chatbotId))

// A CSV file of the test set (refused past its cap by the action, with the page's message).
export const handle = { bodyLimit: TESTS_BODY_LIMIT }

export async function action({ request, params }: Route.ActionArgs) {
	// Someone else's chatbot looks exactly like one that does not exist, whatever the intent.
	const { user } = await requireOwnedChatbot(request, params.chatbotId)
	return testsAction(request, user.id, chatbotSubject(params.chatbotId))
}

export const meta: Route.MetaFunction = testSetMeta

export default function TestsRoute({ loaderData, actionData, params }: Route.ComponentProps) {
	const path = chatbotPaths(params.chatbotId).tests
	return <TestSetSection data={loaderData} returned={actionData} kind="chatbot" path={path} />
}
