// The posts of a Tests section, a chatbot's or a voice assistant's (and "Add as test" on a chatbot's
// Unanswered page): one handler per intent, each a redirect with a toast, or the form back with its
// problems. Plain form posts, so all of it works without JavaScript; the feature does the work, these
// turn it into HTTP. docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0062-voice-test-sets.md
import { parseFormData, type FileUpload } from '@remix-run/form-data-parser'
import { data } from 'react-router'
import { z } from 'zod'
import { addAgentAnswer, agentKnowledgeChatbot } from '~/features/chatbots/agent-knowledge.server.ts'
import { AddAnswerSchema } from '~/features/chatbots/conversations/conversation-schema.ts'
import { addAnswer } from '~/features/chatbots/conversations/conversations.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { MAX_KNOWLEDGE_CHARS } from '~/features/chatbots/knowledge-base.ts'
import { checkKnowledgeQuota } from '~/features/chatbots/knowledge-quota.server.ts'
import { requestTestRun } from '~/features/chatbots/test-sets/runs.server.ts'
import { testsPathOf, type TestSubject } from '~/features/chatbots/test-sets/subject.ts'
import { parseTestsCsv } from '~/features/chatbots/test-sets/test-csv.ts'
import {
	SuggestionsFormSchema,
	suggestionsFormValues,
	TESTS_BODY_LIMIT,
	TestFormSchema,
	testFormValues,
	type SuggestionRow,
	type TestForm,
} from '~/features/chatbots/test-sets/test-schema.ts'
import { testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'
import {
	addTests,
	deleteTest,
	importTests,
	updateTest,
	type AddResult,
} from '~/features/chatbots/test-sets/tests.server.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { findNulField, NUL_REFUSED } from '~/lib/forms.server.ts'
import { fieldErrorsOf, type FieldErrors } from '~/lib/forms.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { notFoundOf } from '~/routes/playground/test-set-page.server.ts'

const { form: formCopy, list: listCopy, csv: csvCopy, run: runCopy } = testSetCopy

/** What a form that came back shows: which form (add, a test's id, an answer), what was typed, the problems. */
export type TestsActionData = {
	form: string
	values: Record<string, string | boolean>
	errors: FieldErrors
	toast: ReturnType<typeof makeToast>
}

type Post = { form: FormData; file: Uint8Array | null; userId: string; subject: TestSubject; testsPath: string }

const notFound = (subject: TestSubject) => data(notFoundOf(subject), { status: 404 })

const refuse = (form: string, values: TestsActionData['values'], errors: FieldErrors, title: string, status = 400) =>
	data<TestsActionData>(
		{ form, values, errors, toast: makeToast({ type: 'error', title, description: Object.values(errors)[0] }) },
		{ status },
	)

const ADD_PROBLEMS: Record<Exclude<AddResult, 'added' | 'missing'>, string> = {
	full: formCopy.full,
	duplicate: formCopy.duplicate,
	busy: chatbotBuilder.toasts.saveBusy.description,
}
const addProblem = (result: Exclude<AddResult, 'added'>, subject: TestSubject) =>
	result === 'missing' ? notFoundOf(subject) : ADD_PROBLEMS[result]

async function add({ form, userId, subject, testsPath }: Post) {
	const values = testFormValues(form)
	const parsed = TestFormSchema.safeParse(values)
	if (!parsed.success) return refuse('add', values, fieldErrorsOf(parsed.error), formCopy.addFailed)
	const result = await addTests(userId, subject, [parsed.data], 'manual')
	if (result !== 'added')
		return refuse('add', values, { question: addProblem(result, subject) }, formCopy.addFailed, 409)
	return redirectWithToast(testsPath, { type: 'success', title: formCopy.added })
}

const TestIdSchema = z.object({ testId: z.uuid() })

async function update({ form, userId, subject, testsPath }: Post) {
	const id = TestIdSchema.safeParse({ testId: form.get('testId') })
	if (!id.success) return redirectWithToast(testsPath, { type: 'error', title: formCopy.saveFailed })
	const values = testFormValues(form)
	const parsed = TestFormSchema.safeParse(values)
	if (!parsed.success) return refuse(id.data.testId, values, fieldErrorsOf(parsed.error), formCopy.saveFailed)
	const result = await updateTest(userId, subject, id.data.testId, parsed.data)
	if (result === 'duplicate')
		return refuse(id.data.testId, values, { question: formCopy.duplicate }, formCopy.saveFailed, 409)
	if (result === 'missing') return redirectWithToast(testsPath, { type: 'error', title: formCopy.saveFailed })
	return redirectWithToast(testsPath, { type: 'success', title: listCopy.saved })
}

async function remove({ form, userId, subject, testsPath }: Post) {
	const id = TestIdSchema.safeParse({ testId: form.get('testId') })
	if (id.success) await deleteTest(userId, subject, id.data.testId)
	return redirectWithToast(testsPath, { type: 'success', title: listCopy.removed })
}

async function run({ userId, subject, testsPath }: Post) {
	const result = await requestTestRun(userId, subject)
	if (!result) throw notFound(subject)
	if (!result.queued)
		return redirectWithToast(testsPath, { type: 'error', title: runCopy.failedTitle, description: result.message })
	return redirectWithToast(testsPath, {
		type: 'success',
		title: runCopy.queued,
		description: runCopy.queuedDescription,
	})
}

async function importCsv({ file, userId, subject, testsPath }: Post) {
	const fail = (description: string, status = 400) =>
		data<TestsActionData>(
			{
				form: 'import',
				values: {},
				errors: { file: description },
				toast: makeToast({ type: 'error', title: csvCopy.failed, description }),
			},
			{ status },
		)
	if (!file || file.byteLength === 0) return fail(csvCopy.noFile)
	const parsed = parseTestsCsv(file)
	if ('error' in parsed) return fail(parsed.error)
	const result = await importTests(userId, subject, parsed.tests as TestForm[])
	if (result === 'missing') throw notFound(subject)
	if (result === 'full') return fail(csvCopy.tooMany, 409)
	return redirectWithToast(testsPath, { type: 'success', title: csvCopy.imported(result.added, result.updated) })
}

/** "Add an answer" beside a failing test: the question and answer join the typed knowledge it answers from. */
async function answer({ form, userId, subject, testsPath }: Post) {
	const values = { question: String(form.get('question') ?? ''), answer: String(form.get('answer') ?? '') }
	const parsed = AddAnswerSchema.safeParse({ ...values, messageIds: [] })
	const formId = `answer:${values.question}`
	if (!parsed.success) return refuse(formId, values, fieldErrorsOf(parsed.error), formCopy.saveFailed)
	const overQuota = await checkKnowledgeQuota(userId, parsed.data.question.length + parsed.data.answer.length + 2)
	const limit = { maxChars: MAX_KNOWLEDGE_CHARS }
	// The chatbot whose knowledge a voice assistant answers from: the answer reaches its visitors too, and the toast says so.
	const shared = subject.kind === 'agent' ? await agentKnowledgeChatbot(userId, subject.id) : null
	const result = overQuota
		? { error: overQuota }
		: subject.kind === 'chatbot'
			? await addAnswer(userId, subject.id, parsed.data, limit)
			: await addAgentAnswer(userId, subject.id, parsed.data, limit)
	if (!result) throw notFound(subject)
	if (result.error) return refuse(formId, values, { answer: result.error }, formCopy.saveFailed)
	return redirectWithToast(testsPath, {
		type: 'success',
		title: testSetCopy.failing.answerAdded,
		description: shared
			? testSetCopy.failing.answerAddedSharedDescription(shared.name)
			: testSetCopy.failing.answerAddedDescription,
	})
}

/** "Add as test" on a chatbot's Unanswered page: the question, passing once the chatbot answers it. */
async function fromQuestion({ form, userId, subject }: Post) {
	if (subject.kind !== 'chatbot') throw data('Unknown action.', { status: 400 })
	const back = chatbotPaths(subject.id).unanswered
	const parsed = TestFormSchema.safeParse({
		question: String(form.get('question') ?? ''),
		expected: '',
		cite: '',
		mustDecline: false,
	})
	if (!parsed.success)
		return redirectWithToast(back, {
			type: 'error',
			title: formCopy.addFailed,
			description: fieldErrorsOf(parsed.error).question,
		})
	const result = await addTests(userId, subject, [parsed.data], 'unanswered')
	if (result !== 'added')
		return redirectWithToast(back, {
			type: 'error',
			title: formCopy.addFailed,
			description: addProblem(result, subject),
		})
	return redirectWithToast(back, {
		type: 'success',
		title: testSetCopy.fromQuestion.added,
		description: testSetCopy.fromQuestion.addedDescription,
	})
}

const INTENTS: Record<string, (post: Post) => Promise<Response | ReturnType<typeof data<TestsActionData>>>> = {
	add,
	update,
	delete: remove,
	run,
	import: importCsv,
	answer,
	'from-question': fromQuestion,
}

/**
 * The form, with the CSV file's bytes when one was sent. The whole body is read (the route takes
 * TESTS_BODY_LIMIT): a file over the CSV cap is refused by parseTestsCsv with its message. Stopping
 * the read at the cap left the browser sending a body nobody read, for a minute.
 */
async function readPost(request: Request) {
	let file: Uint8Array | null = null
	const form = await parseFormData(
		request,
		{ maxFileSize: TESTS_BODY_LIMIT.maxBytes, maxFiles: 1 },
		async (upload: FileUpload) => {
			if (upload.fieldName === 'file') file = new Uint8Array(await upload.arrayBuffer())
			return null
		},
	)
	return { form, file: file as Uint8Array | null }
}

/** The Tests section's action for the owner (already checked) of `subject`. */
export async function testsAction(request: Request, userId: string, subject: TestSubject) {
	const testsPath = testsPathOf(subject)
	let read: Awaited<ReturnType<typeof readPost>>
	try {
		read = await readPost(request)
	} catch {
		throw data('The form could not be read. Reload the page and try again.', { status: 400 })
	}
	// Refused before any handler, as every form reader does (lib/forms.server.ts): PostgreSQL cannot store it.
	if (findNulField(read.form) !== null) throw data(NUL_REFUSED, { status: 400 })
	const handler = INTENTS[String(read.form.get('intent') ?? '')]
	if (!handler) throw data('Unknown action.', { status: 400 })
	return handler({ ...read, userId, subject, testsPath })
}

/** The suggestions' form that came back: every row as it was typed, the problems, and the toast. */
export type SuggestionsActionData = {
	rows: SuggestionRow[]
	errors: FieldErrors
	toast: ReturnType<typeof makeToast>
}

/**
 * "Add selected tests" on a Tests section's suggestions page, for the owner (already checked) of
 * `subject`: the ticked suggestions, each as the owner edited it, added at once, then back to the
 * Tests section; or the page again with every row as typed and what is wrong with it.
 */
export async function testSuggestionsAction(request: Request, userId: string, subject: TestSubject) {
	let form: FormData
	try {
		form = await request.formData()
	} catch {
		throw data('The form could not be read. Reload the page and try again.', { status: 400 })
	}
	if (findNulField(form) !== null) throw data(NUL_REFUSED, { status: 400 })
	const values = suggestionsFormValues(form)
	const refuse = (errors: FieldErrors, status = 400) =>
		data<SuggestionsActionData>(
			{
				rows: values.rows,
				errors,
				toast: makeToast({
					type: 'error',
					title: testSetCopy.suggestions.notAdded,
					description: Object.values(errors)[0],
				}),
			},
			{ status },
		)
	const parsed = SuggestionsFormSchema.safeParse(values)
	if (!parsed.success) return refuse(fieldErrorsOf(parsed.error))
	const result = await addTests(userId, subject, parsed.data, 'suggested')
	if (result === 'missing') throw notFound(subject)
	if (result !== 'added') return refuse({ pick: addProblem(result, subject) }, 409)
	return redirectWithToast(testsPathOf(subject), {
		type: 'success',
		title: testSetCopy.suggestions.accepted(parsed.data.length),
	})
}
