// A NUL in any field of the Tests section's forms is refused with the shared 400, before any intent
// runs (PostgreSQL cannot store one: the attacker trial got a 500 and a stack trace from four intents).
import { expect, test } from 'vitest'
import { chatbotSubject } from '~/features/chatbots/test-sets/subject.ts'
import { NUL_REFUSED } from '~/lib/forms.server.ts'
import { testsAction, testSuggestionsAction } from './test-set-actions.server.ts'

test.each(['add', 'from-question', 'answer'])('intent %s: a NUL gets 400', async (intent) => {
	const form = new FormData()
	form.set('intent', intent)
	form.set('question', 'q\0q')
	const request = new Request('http://localhost/playground/chatbots/x/tests', { method: 'POST', body: form })
	const nobody = '00000000-0000-0000-0000-000000000000'
	const refused = await testsAction(request, nobody, chatbotSubject(nobody)).then(
		() => null,
		(thrown: unknown) => thrown as { data: unknown; init: { status: number } },
	)
	expect(refused && { status: refused.init.status, data: refused.data }).toEqual({ status: 400, data: NUL_REFUSED })
})

test('"Add selected tests": a NUL in an edited suggestion gets 400', async () => {
	const form = new FormData()
	form.set('pick', '0')
	form.set('question-0', 'q\0q')
	const request = new Request('http://localhost/playground/chatbots/x/tests/suggestions', {
		method: 'POST',
		body: form,
	})
	const nobody = '00000000-0000-0000-0000-000000000000'
	const refused = await testSuggestionsAction(request, nobody, chatbotSubject(nobody)).then(
		() => null,
		(thrown: unknown) => thrown as { data: unknown; init: { status: number } },
	)
	expect(refused && { status: refused.init.status, data: refused.data }).toEqual({ status: 400, data: NUL_REFUSED })
})
