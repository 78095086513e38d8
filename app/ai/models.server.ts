// The one place that decides which language model serves a chat: Groq (or any OpenAI-compatible
// server) when GROQ_API_KEY is set, otherwise the built-in offline model.
import { createGroq } from '@ai-sdk/groq'
import type { LanguageModel } from 'ai'
import { getEnv } from '~/lib/env.server.ts'
import { OFFLINE_MODEL_LABEL, type ModelSummary } from './model-notice.ts'
import { createOfflineModel } from './offline-model.server.ts'

export type ModelInfo = { kind: 'groq' | 'offline'; id: string; label: string }

let offline: LanguageModel | undefined
let loggedChoice = false

/** The model the settings choose; its label is what the pages and the conversation log show. */
export function modelInfoFor(env: { GROQ_API_KEY?: string; GROQ_MODEL: string }): ModelInfo {
	if (env.GROQ_API_KEY) return { kind: 'groq', id: env.GROQ_MODEL, label: `Groq ${env.GROQ_MODEL}` }
	return { kind: 'offline', id: 'offline-retrieval', label: OFFLINE_MODEL_LABEL }
}

export const getModelInfo = (): ModelInfo => modelInfoFor(getEnv())

/** What a page needs to say which model answers. */
export function modelSummary(): ModelSummary {
	const { kind, label } = getModelInfo()
	return { kind, label }
}

export function getChatModel(): LanguageModel {
	const env = getEnv()
	const info = getModelInfo()
	if (!loggedChoice) {
		loggedChoice = true
		console.log(
			info.kind === 'groq'
				? `AI: ${info.label}${env.GROQ_BASE_URL ? ` at ${env.GROQ_BASE_URL}` : ''}`
				: 'AI: GROQ_API_KEY is not set, using the built-in offline assistant (answers from the knowledge it is given)',
		)
	}
	if (info.kind === 'groq') {
		return createGroq({ apiKey: env.GROQ_API_KEY, baseURL: env.GROQ_BASE_URL })(env.GROQ_MODEL)
	}
	offline ??= createOfflineModel()
	return offline
}
