// /playground/voicebots/:agentId/tests/suggestions: tests made from the knowledge the voice assistant
// answers from (by its connected model, else offline), for the owner to pick (ADR 0062).
import { agentSubject } from '~/features/chatbots/test-sets/subject.ts'
import { TestSuggestionsSection, testSuggestionsMeta } from '~/features/chatbots/test-sets/ui/test-set-section.tsx'
import { agentPaths } from '~/features/voice/ui/agent-kind.ts'
import { testSuggestionsAction } from '~/routes/playground/test-set-actions.server.ts'
import { testSuggestionsLoader } from '~/routes/playground/test-set-page.server.ts'
import type { Route } from './+types/test-suggestions'
import { requireOwnedAgent } from './agent-section.server.ts'

export const loader = ({ request, params }: Route.LoaderArgs) =>
	testSuggestionsLoader(request, agentSubject(params.agentId))

/** "Add selected tests": only the owner's; anyone else's looks like one that does not exist. */
export const action = async ({ request, params }: Route.ActionArgs) =>
	testSuggestionsAction(
		request,
		(await requireOwnedAgent(request, params.agentId)).user.id,
		agentSubject(params.agentId),
	)

export const meta: Route.MetaFunction = testSuggestionsMeta

export default function AgentTestSuggestionsRoute({ loaderData, actionData, params }: Route.ComponentProps) {
	return (
		<TestSuggestionsSection
			{...loaderData}
			kind="agent"
			path={agentPaths(params.agentId).tests}
			returned={actionData}
		/>
	)
}
