// /playground/chatbots/:chatbotId/tests/suggestions: tests made from the chatbot's knowledge (by its
// connected model, else offline from its passages' headings and first sentences), for the owner to
// pick; "Add selected tests" posts the ticked ones to the Tests section (ADR 0057, 0062). A plain
// form: it works without JavaScript.
import { chatbotSubject } from '~/features/chatbots/test-sets/subject.ts'
import { TestSuggestionsSection, testSuggestionsMeta } from '~/features/chatbots/test-sets/ui/test-set-section.tsx'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { testSuggestionsLoader } from '~/routes/playground/test-set-page.server.ts'
import type { Route } from './+types/test-suggestions'

export const loader = ({ request, params }: Route.LoaderArgs) =>
	testSuggestionsLoader(request, chatbotSubject(params.chatbotId))

export const meta: Route.MetaFunction = testSuggestionsMeta

export default function TestSuggestionsRoute({ loaderData, params }: Route.ComponentProps) {
	return <TestSuggestionsSection {...loaderData} kind="chatbot" path={chatbotPaths(params.chatbotId).tests} />
}
