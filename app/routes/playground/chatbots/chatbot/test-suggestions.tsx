// /playground/chatbots/:chatbotId/tests/suggestions: tests made from the chatbot's knowledge (by its
// connected model, else offline from its passages' headings and first sentences), for the owner to
// pick and edit; "Add selected tests" adds the ticked ones as edited, back on the Tests section (ADR 0057, 0062). A plain
// form: it works without JavaScript.
import { chatbotSubject } from '~/features/chatbots/test-sets/subject.ts'
import { TestSuggestionsSection, testSuggestionsMeta } from '~/features/chatbots/test-sets/ui/test-set-section.tsx'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { testSuggestionsAction } from '~/routes/playground/test-set-actions.server.ts'
import { testSuggestionsLoader } from '~/routes/playground/test-set-page.server.ts'
import type { Route } from './+types/test-suggestions'
import { requireOwnedChatbot } from './chatbot-section.server.ts'

export const loader = ({ request, params }: Route.LoaderArgs) =>
	testSuggestionsLoader(request, chatbotSubject(params.chatbotId))

/** "Add selected tests": only the owner's; anyone else's looks like one that does not exist. */
export const action = async ({ request, params }: Route.ActionArgs) =>
	testSuggestionsAction(
		request,
		(await requireOwnedChatbot(request, params.chatbotId)).user.id,
		chatbotSubject(params.chatbotId),
	)

export const meta: Route.MetaFunction = testSuggestionsMeta

export default function TestSuggestionsRoute({ loaderData, actionData, params }: Route.ComponentProps) {
	return (
		<TestSuggestionsSection
			{...loaderData}
			kind="chatbot"
			path={chatbotPaths(params.chatbotId).tests}
			returned={actionData}
		/>
	)
}
