// /playground/voicebots/:agentId/tests: the voice assistant's test set (ADR 0062), the chatbot's
// Tests section (test-set-section.tsx) over typed turns: each test asked through the assistant's own
// answer path, never as a call.
import { agentSubject } from '~/features/chatbots/test-sets/subject.ts'
import { TESTS_BODY_LIMIT } from '~/features/chatbots/test-sets/test-schema.ts'
import { TestSetSection, testSetMeta } from '~/features/chatbots/test-sets/ui/test-set-section.tsx'
import { agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { testsAction } from '~/routes/playground/test-set-actions.server.ts'
import { testSetLoader } from '~/routes/playground/test-set-page.server.ts'
import type { Route } from './+types/tests'
import { requireOwnedAgent } from './agent-section.server.ts'

export const loader = ({ request, params }: Route.LoaderArgs) => testSetLoader(request, agentSubject(params.agentId))

// A CSV file of the test set, as on a chatbot's Tests section.
export const handle = { bodyLimit: TESTS_BODY_LIMIT }

/** Only the owner's assistant: anyone else's looks like one that does not exist. */
export const action = async ({ request, params }: Route.ActionArgs) =>
	testsAction(request, (await requireOwnedAgent(request, params.agentId)).user.id, agentSubject(params.agentId))

export const meta: Route.MetaFunction = testSetMeta

export default function AgentTestsRoute({ loaderData, actionData, params }: Route.ComponentProps) {
	return <TestSetSection data={loaderData} returned={actionData} kind="agent" path={agentPaths(params.agentId).tests} />
}
