// What the Models page gets from its loader and its action: connections without their keys, and a
// form that comes back with its problems (what was typed, never the key). Shared by the route and
// the page's components.
import type { FieldErrors } from '~/lib/forms.ts'
import type { Toast } from '~/lib/toast.ts'
import type { ProviderPurpose } from './model-schema.ts'

export const MODELS_PATH = '/playground/models'

/** A connection as a card shows it: no key, only the key's ends. */
export type ConnectionView = {
	provider: string
	name: string
	baseUrl: string
	model: string | null
	keyHint: string
}

/** A stored connection's card. */
export type StoredConnectionView = ConnectionView & {
	id: string
	purpose: ProviderPurpose
	models: string[]
	lastTest: { outcome: string; message: string; at: string; ago: string } | null
	usedBy: { chatbots: number; agents: number }
	keyReadable: boolean
	/** The model it is asked for when none is chosen (speech-to-text, speech); null for written answers. */
	defaultModel: string | null
	/** Its last change: the Change form starts afresh when it moves. */
	updatedAt: string
}

export const CONNECT_FIELDS = ['purpose', 'provider', 'baseUrl', 'name', 'model'] as const
export const UPDATE_FIELDS = ['connectionId', 'name', 'model'] as const

export type ConnectFormData = {
	kind: 'connect'
	purpose: string
	values: Record<(typeof CONNECT_FIELDS)[number], string>
	errors: FieldErrors
}
export type UpdateFormData = {
	kind: 'update'
	connectionId: string
	values: Record<(typeof UPDATE_FIELDS)[number], string>
	errors: FieldErrors
}

/** The environment's connection tested: nothing is stored, so the result comes back with the page. */
export type EnvironmentTest = { purpose: ProviderPurpose; outcome: string; message: string; models: string[] }

export type ModelsActionData = {
	/** Absent for the environment's test: its result is shown on its card. */
	toast?: Toast
	form?: ConnectFormData | UpdateFormData
	test?: EnvironmentTest
}
