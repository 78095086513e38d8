// The Model form of a chatbot's and a voice assistant's page: which model answers, its temperature,
// and whether the offline model answers while the chosen one fails. One schema for both pages and
// both sides (the browser's check and the server's).
import { z } from 'zod'

/** How a choice travels in the form: "default", "offline", or "connection:<id>:<model name>". */
const CHOICE = /^(default|offline|connection:[0-9a-f-]{36}:.+)$/i

const TEMPERATURE_PROBLEM = 'Enter a temperature from 0 to 2.'

export const ModelChoiceSchema = z.object({
	intent: z.literal('save-model'),
	model: z.string().max(200, 'Choose a model from the list.').regex(CHOICE, 'Choose a model from the list.'),
	temperature: z
		.string()
		.trim()
		.refine((value) => /^\d+(\.\d+)?$/.test(value) && Number(value) <= 2, TEMPERATURE_PROBLEM)
		.transform(Number),
	// A checkbox: sent as "on" when ticked, absent otherwise.
	offlineFallback: z
		.string()
		.optional()
		.transform((value) => value === 'on' || value === 'true'),
})
export type ModelChoiceInput = z.infer<typeof ModelChoiceSchema>

/** The form's value for a row's choice. */
export function choiceValue(choice: {
	answerModel: string
	modelConnectionId: string | null
	modelName: string | null
}) {
	if (choice.answerModel === 'connection' && choice.modelConnectionId)
		return `connection:${choice.modelConnectionId}:${choice.modelName ?? ''}`
	return choice.answerModel === 'offline' ? 'offline' : 'default'
}

/** A form value read back into a row's columns. */
export function choiceColumns(value: string) {
	if (value === 'offline' || value === 'default')
		return { answerModel: value, modelConnectionId: null, modelName: null }
	const rest = value.slice('connection:'.length)
	return { answerModel: 'connection', modelConnectionId: rest.slice(0, 36).toLowerCase(), modelName: rest.slice(37) }
}
