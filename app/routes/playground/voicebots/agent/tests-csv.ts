// GET /playground/voicebots/:agentId/tests.csv: the owner's assistant's test set as a CSV file (ADR 0062).
import { agentSubject } from '~/features/chatbots/test-sets/subject.ts'
import { testSetCsvLoader } from '~/routes/playground/test-set-page.server.ts'
import type { Route } from './+types/tests-csv'

export const loader = ({ request, params }: Route.LoaderArgs) => testSetCsvLoader(request, agentSubject(params.agentId))
