// The one place that decides which language model answers. Each chatbot and voice assistant
// chooses: the server's default (Groq, or any OpenAI-compatible server, when GROQ_API_KEY is set;
// otherwise the built-in offline model), the offline model, or a connection the administrator
// stored on the Models page with one of its models. docs/decisions/0046.
import { createGroq } from '@ai-sdk/groq'
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { openSecret, sealSecret } from '~/lib/secret-box.server.ts'
import { OFFLINE_MODEL_LABEL, type ModelSummary } from './model-notice.ts'
import { createOfflineModel } from './offline-model.server.ts'
import type { FailureTarget } from './provider-failure.ts'
import { providerFetch } from './provider-fetch.server.ts'

export type ModelInfo = { kind: 'llm' | 'offline'; id: string; label: string }

/** The spec's temperature (section 9), for whatever does not choose its own. */
const DEFAULT_TEMPERATURE = 0.7

/** The context provider keys are sealed under (app/lib/secret-box.server.ts). */
export const PROVIDER_KEY_CONTEXT = 'model-provider-key'

/** A stored connection's key, opened: '' for a server that takes none, null when the server's secret has changed since. */
export const openProviderKey = (sealedKey: string) =>
	sealedKey === '' ? '' : openSecret(sealedKey, PROVIDER_KEY_CONTEXT)

/** A key as a connection stores it: sealed; '' for none. */
export const sealProviderKey = (apiKey: string | undefined) => (apiKey ? sealSecret(apiKey, PROVIDER_KEY_CONTEXT) : '')

/** What a chatbot or voice assistant row says about its model (the columns they share). */
export type ModelSettings = {
	/** 'default' (the server's), 'offline', or 'connection' (modelConnection with modelName). */
	answerModel: string
	modelName: string | null
	temperature: number
	offlineFallback: boolean
	modelConnection: {
		id: string
		name: string
		baseUrl: string
		model: string | null
		sealedKey: string
	} | null
}

/** The model that answers a call, as the call uses it. */
export type AnsweringModel = {
	info: ModelInfo
	model: LanguageModelV3
	temperature: number
	/** How a failure names it ("Could not reach “Local LLM”"), and the key its words must not carry. */
	target: FailureTarget
	/** The owner chose the offline model to answer while this one fails. */
	offlineFallback: boolean
}

/** Thrown by a connection whose stored key cannot be opened (the server's secret changed). */
class ModelKeyUnreadable extends Error {
	override name = 'ModelKeyUnreadable'
}

let offline: LanguageModelV3 | undefined
let loggedChoice = false

export const offlineInfo: ModelInfo = { kind: 'offline', id: 'offline-retrieval', label: OFFLINE_MODEL_LABEL }

export function offlineModel(): LanguageModelV3 {
	offline ??= createOfflineModel()
	return offline
}

/** The server's default model; its label is what the pages and the conversation log show. */
export function modelInfoFor(env: { GROQ_API_KEY?: string; GROQ_MODEL: string }): ModelInfo {
	if (env.GROQ_API_KEY) return { kind: 'llm', id: env.GROQ_MODEL, label: `Groq ${env.GROQ_MODEL}` }
	return offlineInfo
}

/** The server's default model (the site's own chat, and every chatbot left on "default"). */
export const getModelInfo = (): ModelInfo => modelInfoFor(getEnv())

const offlineAnswering = (temperature: number): AnsweringModel => ({
	info: offlineInfo,
	model: offlineModel(),
	temperature,
	target: { where: 'the offline model', model: null },
	offlineFallback: false,
})

function defaultAnswering(temperature: number, offlineFallback: boolean): AnsweringModel {
	const env = getEnv()
	const info = getModelInfo()
	if (!loggedChoice) {
		loggedChoice = true
		console.log(
			info.kind === 'llm'
				? `AI: ${info.label}${env.GROQ_BASE_URL ? ` at ${env.GROQ_BASE_URL}` : ''}`
				: 'AI: GROQ_API_KEY is not set, using the built-in offline assistant (answers from the knowledge it is given)',
		)
	}
	if (info.kind === 'offline') return offlineAnswering(temperature)
	return {
		info,
		model: createGroq({ apiKey: env.GROQ_API_KEY, baseURL: env.GROQ_BASE_URL, fetch: providerFetch })(env.GROQ_MODEL),
		temperature,
		target: { where: 'the server’s provider', model: env.GROQ_MODEL, secrets: [env.GROQ_API_KEY ?? ''] },
		offlineFallback,
	}
}

/** A model whose every call fails with `error`: the chosen connection cannot be called. */
function failingModel(id: string, error: Error): LanguageModelV3 {
	return {
		specificationVersion: 'v3',
		provider: 'unavailable',
		modelId: id,
		supportedUrls: {},
		doGenerate: () => Promise.reject(error),
		doStream: () => Promise.reject(error),
	}
}

/**
 * The model a chatbot or voice assistant answers with (none given: the server's default). A
 * connection removed since it was chosen leaves its chatbots on the default (the row's foreign key).
 */
export function answeringModel(settings?: ModelSettings): AnsweringModel {
	const temperature = settings?.temperature ?? DEFAULT_TEMPERATURE
	const offlineFallback = settings?.offlineFallback ?? false
	if (settings?.answerModel === 'offline') return offlineAnswering(temperature)
	const connection = settings?.answerModel === 'connection' ? settings.modelConnection : null
	if (!connection) return defaultAnswering(temperature, offlineFallback)
	const modelId = settings?.modelName || connection.model || ''
	const info: ModelInfo = { kind: 'llm', id: modelId, label: `${connection.name} ${modelId}`.trim() }
	const apiKey = openProviderKey(connection.sealedKey)
	const target: FailureTarget = { where: `“${connection.name}”`, model: modelId, secrets: apiKey ? [apiKey] : [] }
	if (apiKey === null) {
		const error = new ModelKeyUnreadable(
			`The key of “${connection.name}” cannot be read: the server’s secret has changed. Enter the key again on the Models page.`,
		)
		return { info, model: failingModel(modelId, error), temperature, target, offlineFallback }
	}
	// Groq's provider speaks OpenAI's chat completions API to any base URL (Groq, OpenAI, Ollama, vLLM…).
	// A keyless local server gets a placeholder: the provider insists on a key.
	const model = createGroq({ apiKey: apiKey || 'none', baseURL: connection.baseUrl, fetch: providerFetch })(modelId)
	return { info, model, temperature, target, offlineFallback }
}

/** The columns a chatbot and a voice assistant share to choose their model. */
export type ModelChoice = Omit<ModelSettings, 'modelConnection'> & { modelConnectionId: string | null }

/** A row's model columns, for a query's select. */
export const MODEL_CHOICE_COLUMNS = {
	answerModel: true,
	modelConnectionId: true,
	modelName: true,
	temperature: true,
	offlineFallback: true,
} as const

/** The server's default model at the spec's temperature (a new chatbot's choice). */
export const DEFAULT_MODEL_CHOICE: ModelChoice = {
	answerModel: 'default',
	modelConnectionId: null,
	modelName: null,
	temperature: DEFAULT_TEMPERATURE,
	offlineFallback: false,
}

/** The model a chatbot or voice assistant chose (the server's default when it says nothing), its connection read when it chose one. */
export async function chosenModel(choice: Partial<ModelChoice>): Promise<AnsweringModel> {
	if (!choice.answerModel) return answeringModel()
	const modelConnection =
		choice.answerModel === 'connection' && choice.modelConnectionId
			? await prisma.modelConnection.findUnique({
					where: { id: choice.modelConnectionId },
					select: { id: true, name: true, baseUrl: true, model: true, sealedKey: true },
				})
			: null
	return answeringModel({
		answerModel: choice.answerModel,
		modelName: choice.modelName ?? null,
		temperature: choice.temperature ?? DEFAULT_TEMPERATURE,
		offlineFallback: choice.offlineFallback ?? false,
		modelConnection,
	})
}

export type TranscriptionSettings = { apiKey: string; baseURL: string | undefined; model: string }

/** The environment's speech-to-text settings (read-only on the Models page); null when none are set. */
export function transcriptionSettings(): TranscriptionSettings | null {
	const env = getEnv()
	const apiKey = env.TRANSCRIBE_API_KEY ?? env.GROQ_API_KEY
	if (!apiKey) return null
	return { apiKey, baseURL: env.TRANSCRIBE_BASE_URL ?? env.GROQ_BASE_URL, model: env.TRANSCRIBE_MODEL }
}

/** What a page needs to say which model answers (a chatbot's, a voice assistant's, or the server's). */
export async function modelSummary(choice: Partial<ModelChoice> = {}): Promise<ModelSummary> {
	const { kind, label } = (await chosenModel(choice)).info
	return { kind, label }
}
