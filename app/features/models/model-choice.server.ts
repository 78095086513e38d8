import type { ModelSummary } from '~/ai/model-notice.ts'
import type { ModelOwner } from '~/ai/model-outcome.server.ts'
// A chatbot's or voice assistant's choice of model, for its page: the models it may choose (the
// server's default, the offline model, each model of each connection the administrator made for
// written answers), what it chose, and its latest failure; and saving a new choice, owner-scoped.
import { getModelInfo, modelSummary, type ModelChoice } from '~/ai/models.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { formatTimeAgo } from '~/lib/format-duration.ts'
import { isUuid } from '~/lib/misc.ts'
import { modelChoiceCopy as copy } from './copy.ts'
import { choiceColumns, choiceValue, type ModelChoiceInput } from './model-choice-schema.ts'

export type ModelChoiceView = {
	value: string
	temperature: number
	offlineFallback: boolean
	options: Array<{ value: string; label: string }>
	/** The model that answers now. */
	current: ModelSummary
	/** The chosen model's latest failure, in words, and when (ISO); null once it answers again. */
	failure: { message: string; at: string; ago: string } | null
}

/** The models a chatbot or voice assistant may choose from. */
async function choices() {
	const connections = await prisma.modelConnection.findMany({
		where: { purpose: 'chat' },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		select: { id: true, name: true, model: true, models: true },
	})
	return connections.map((connection) => ({
		id: connection.id,
		name: connection.name,
		// The offered models (from its last test), else the one it was connected with.
		models: connection.models.length > 0 ? connection.models : connection.model ? [connection.model] : [],
	}))
}

export async function modelChoiceView(
	row: ModelChoice & { modelFailure: string | null; modelFailureAt: Date | null },
): Promise<ModelChoiceView> {
	const value = choiceValue(row)
	const options = [
		{ value: 'default', label: copy.serverDefault(getModelInfo().label) },
		{ value: 'offline', label: copy.offline },
		...(await choices()).flatMap((connection) =>
			connection.models.map((model) => ({
				value: `connection:${connection.id}:${model}`,
				label: copy.connected(connection.name, model),
			})),
		),
	]
	// A model no longer offered stays shown while it is the choice.
	if (!options.some((option) => option.value === value)) options.push({ value, label: row.modelName ?? value })
	return {
		value,
		temperature: row.temperature,
		offlineFallback: row.offlineFallback,
		options,
		current: await modelSummary(row),
		failure:
			row.modelFailure && row.modelFailureAt
				? {
						message: row.modelFailure,
						at: row.modelFailureAt.toISOString(),
						ago: formatTimeAgo(row.modelFailureAt),
					}
				: null,
	}
}

export type SaveModelAnswer =
	| { kind: 'saved'; current: ModelSummary }
	| { kind: 'not-found' }
	| { kind: 'unknown-model' }

/** Saves `userId`'s chatbot's or voice assistant's choice; the chosen model must be connected and offered. */
export async function saveModelChoice(
	owner: ModelOwner & { userId: string },
	input: ModelChoiceInput,
): Promise<SaveModelAnswer> {
	if (!isUuid(owner.id)) return { kind: 'not-found' }
	const columns = choiceColumns(input.model)
	if (columns.answerModel === 'connection') {
		const offered = (await choices()).find((connection) => connection.id === columns.modelConnectionId)
		if (!offered?.models.includes(columns.modelName ?? '')) return { kind: 'unknown-model' }
	}
	const data = {
		...columns,
		temperature: Math.round(input.temperature * 100) / 100,
		offlineFallback: input.offlineFallback,
		// A new choice starts without the old one's failure.
		modelFailure: null,
		modelFailureAt: null,
	}
	const where = { id: owner.id, userId: owner.userId }
	const { count } =
		owner.kind === 'chatbot'
			? // A chatbot, never a voice assistant's knowledge-only row (the chatbots feature's chatbot-scope.server.ts).
				await prisma.chatbot.updateMany({ where: { ...where, voiceAgentId: null }, data })
			: await prisma.agent.updateMany({ where, data })
	if (count !== 1) return { kind: 'not-found' }
	return { kind: 'saved', current: await modelSummary({ ...data, modelConnectionId: columns.modelConnectionId }) }
}
