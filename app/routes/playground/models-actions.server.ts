// The posts of the administrator's Models page, one handler per intent: connect a provider (then
// test it at once, so its models are listed), change or remove a connection, test one. Plain form
// posts: a change comes back with a redirect and a flash toast; a problem with the form's fields and
// what was typed (never the key), as every form here does without JavaScript. The caller has
// already checked that the administrator asks.
import { data } from 'react-router'
import { modelsPage as copy } from '~/features/models/copy.ts'
import {
	ConnectProviderSchema,
	RemoveConnectionSchema,
	TestConnectionSchema,
	UpdateConnectionSchema,
} from '~/features/models/model-schema.ts'
import {
	connectProvider,
	MAX_STORED_CONNECTIONS,
	removeConnection,
	testModelConnection,
	updateConnection,
	type ConnectionTestAnswer,
} from '~/features/models/models.server.ts'
import { CONNECT_FIELDS, MODELS_PATH, UPDATE_FIELDS, type ModelsActionData } from '~/features/models/page-data.ts'
import { fieldErrorsOf, textFieldsOf } from '~/lib/forms.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { runIntent } from './builder-intents.server.ts'

type Admin = { id: string; email: string }
type ModelsPost = { intent: string; form: FormData; admin: Admin }

/** A connection's place on the page: the redirect after a change lands on its card. */
const cardPath = (connectionId: string) => `${MODELS_PATH}#connection-${connectionId}`

const reply = (body: ModelsActionData, status: number, headers: HeadersInit = {}) =>
	data(body, { status, headers: { ...privateRouteHeaders(), ...headers } })

const errorToast = (title: string, description?: string) => makeToast({ type: 'error', title, description })

const unknownConnection = () => reply({ toast: errorToast(copy.errorTitle, copy.unknownConnection) }, 404)

/** A stored connection's test, told as a flash toast on its card. */
function testToast(answer: ConnectionTestAnswer) {
	switch (answer.kind) {
		case 'tested': {
			const reached = answer.result.outcome === 'reached'
			return {
				type: reached ? ('success' as const) : ('error' as const),
				title: reached ? copy.testPassed : copy.testFailed,
				description: answer.result.message,
			}
		}
		case 'rate-limited':
			return { type: 'error' as const, title: copy.testFailed, description: copy.tooManyTests }
		case 'key-unreadable':
			return { type: 'error' as const, title: copy.testFailed, description: copy.card.keyUnreadable }
		case 'not-connected':
			return { type: 'error' as const, title: copy.testFailed, description: copy.unknownConnection }
	}
}

/** "Connect and test": stored with its key sealed, then tested at once so its models are listed. */
async function connect({ form, admin }: ModelsPost) {
	const parsed = ConnectProviderSchema.safeParse(Object.fromEntries(form))
	const values = textFieldsOf(form, CONNECT_FIELDS)
	if (!parsed.success) {
		const errors = fieldErrorsOf(parsed.error)
		return reply(
			{
				form: { kind: 'connect', purpose: values.purpose, values, errors },
				toast: errorToast(copy.connect.failed, Object.values(errors)[0]),
			},
			400,
		)
	}
	const answer = await connectProvider(admin, parsed.data)
	if (answer.kind === 'too-many')
		return reply(
			{
				form: { kind: 'connect', purpose: values.purpose, values, errors: {} },
				toast: errorToast(copy.connect.failed, copy.connect.tooMany(MAX_STORED_CONNECTIONS)),
			},
			409,
		)
	const id = answer.connection.id!
	const test = await testModelConnection(admin, { connectionId: id })
	const reached = test.kind === 'tested' && test.result.outcome === 'reached'
	const said = testToast(test).description
	const waits = !reached && test.kind === 'tested' && parsed.data.purpose !== 'chat'
	return redirectWithToast(cardPath(id), {
		type: reached ? 'success' : 'error',
		title: reached ? copy.connect.connected : copy.connect.connectedButFailed,
		description:
			test.kind === 'rate-limited'
				? copy.connect.notTestedYet(said)
				: waits
					? copy.connect.notUsedUntilPassed(said)
					: said,
	})
}

/** "Save changes": name, model, and a new key when one is typed (empty keeps the stored one). */
async function update({ form, admin }: ModelsPost) {
	const parsed = UpdateConnectionSchema.safeParse(Object.fromEntries(form))
	const values = textFieldsOf(form, UPDATE_FIELDS)
	if (!parsed.success) {
		const errors = fieldErrorsOf(parsed.error)
		// A post that names no connection of this page has nothing to show its fields on.
		if (errors.connectionId) return reply({ toast: errorToast(copy.errorTitle, copy.unknownConnection) }, 400)
		return reply(
			{
				form: { kind: 'update', connectionId: values.connectionId, values, errors },
				toast: errorToast(copy.change.failed, Object.values(errors)[0]),
			},
			400,
		)
	}
	const updated = await updateConnection(admin, parsed.data)
	if (!updated) return unknownConnection()
	return redirectWithToast(cardPath(parsed.data.connectionId), {
		type: 'success',
		title: copy.change.saved,
		description: parsed.data.apiKey ? copy.change.savedNewKey : undefined,
	})
}

/** "Remove", once confirmed: the chatbots and voice assistants that used it go back to the server's default. */
async function remove({ form, admin }: ModelsPost) {
	const parsed = RemoveConnectionSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) return reply({ toast: errorToast(copy.errorTitle, copy.unknownConnection) }, 400)
	const removed = await removeConnection(admin, parsed.data.connectionId)
	if (!removed) return unknownConnection()
	return redirectWithToast(MODELS_PATH, {
		type: 'success',
		title: copy.remove.removed,
		description: copy.remove.removedDescription(removed.name, removed),
	})
}

/**
 * "Test": a stored connection's result is kept on it (the card shows it after the redirect); the
 * environment's comes back with the page.
 */
async function test({ form, admin }: ModelsPost) {
	const parsed = TestConnectionSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) return reply({ toast: errorToast(copy.testFailed, copy.unknownConnection) }, 400)
	const answer = await testModelConnection(admin, parsed.data)
	if ('connectionId' in parsed.data) {
		const toast = testToast(answer)
		if (answer.kind === 'not-connected') return unknownConnection()
		if (answer.kind === 'key-unreadable') return reply({ toast: makeToast(toast) }, 409)
		if (answer.kind === 'rate-limited')
			return reply({ toast: makeToast(toast) }, 429, { 'Retry-After': String(answer.retryAfterSeconds) })
		return redirectWithToast(cardPath(parsed.data.connectionId), toast)
	}
	const purpose = parsed.data.purpose
	const shown = (outcome: string, message: string, models: string[]) => ({ purpose, outcome, message, models })
	switch (answer.kind) {
		case 'key-unreadable':
		case 'not-connected':
			return reply({ test: shown('not-connected', copy.notConfigured, []) }, 409)
		case 'rate-limited':
			return reply({ test: shown('rate-limited', copy.tooManyTests, []) }, 429, {
				'Retry-After': String(answer.retryAfterSeconds),
			})
		case 'tested': {
			const { outcome, message, models } = answer.result
			return reply({ test: shown(outcome, message, models) }, 200)
		}
	}
}

/** The page's action for the administrator: the post's intent, then its handler; any other intent is a 400. */
export function modelsAction(form: FormData, admin: Admin) {
	const intent = form.get('intent')
	return runIntent(
		{ intent: typeof intent === 'string' ? intent : '', form, admin },
		{ connect, update, remove, test },
		() => reply({ toast: errorToast(copy.errorTitle, copy.unknownRequest) }, 400),
	)
}
