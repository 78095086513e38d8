// GET /playground/chatbots/:chatbotId/tests.csv: the owner's test set as a CSV file (ADR 0057).
import { chatbotSubject } from '~/features/chatbots/test-sets/subject.ts'
import { testSetCsvLoader } from '~/routes/playground/test-set-page.server.ts'
import type { Route } from './+types/tests-csv'

export const loader = ({ request, params }: Route.LoaderArgs) =>
	testSetCsvLoader(request, chatbotSubject(params.chatbotId))
