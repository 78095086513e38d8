// The Models page's logic: which providers are connected (without their keys), connecting,
// changing and removing one, and testing one. The route checks that the administrator asks and
// turns these results into HTTP. Every change is logged with the key's ends only.
import { defaultSpeechModel } from '~/ai/speech-voices.ts'
import { prisma } from '~/lib/db.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { testConnection, type ConnectionTestResult } from './connection-test.server.ts'
import {
	PROVIDER_BASE_URLS,
	PROVIDER_NAMES,
	PROVIDER_PURPOSES,
	type ConnectProviderInput,
	type ProviderPurpose,
	type UpdateConnectionInput,
} from './model-schema.ts'
import { chargeConnectionTest } from './models-limits.server.ts'
import {
	environmentTargets,
	keyHint,
	openProviderKey,
	providerKind,
	sealProviderKey,
	shownConnection,
	storedConnection,
	storedTarget,
	type ProviderConnection,
} from './providers.server.ts'

type Admin = { id: string; email: string }

/** The most connections kept: a page of them, not a store. */
export const MAX_STORED_CONNECTIONS = 30

/** A stored connection as the page lists it: who uses it, and whether its key still opens. */
type StoredConnection = ProviderConnection & {
	id: string
	/** The chatbots and voice assistants that answer with it. */
	usedBy: { chatbots: number; agents: number }
	/**
	 * False when its key was sealed under another server secret (SESSION_SECRET changed): it must be
	 * entered again. A connection without a key is always readable.
	 */
	keyReadable: boolean
	/** Its last change (ISO): the page starts its forms afresh when it moves. */
	updatedAt: string
	/** The model it is asked for when none is chosen (speech-to-text, speech); null for written answers. */
	defaultModel: string | null
}

/**
 * The model a speech-to-text or speech connection is asked for when none is chosen, as the voice
 * API asks it (transcribe.server.ts, speech.server.ts); written answers have none (each chatbot chooses).
 */
function defaultModelFor(purpose: string, kind: ReturnType<typeof providerKind>) {
	if (purpose === 'transcription') return getEnv().TRANSCRIBE_MODEL
	if (purpose === 'speech' && kind !== 'elevenlabs') return defaultSpeechModel(kind)
	return null
}

export type ModelConnections = {
	/** Each purpose's connection from the server's environment, or null. */
	environment: Record<ProviderPurpose, ProviderConnection | null>
	/** The administrator's connections, oldest first. */
	stored: StoredConnection[]
	/** Every voice assistant: the speech-to-text and speech in use serve them all. */
	voiceAssistants: number
}

export async function modelConnections(): Promise<ModelConnections> {
	const targets = environmentTargets()
	const environment = Object.fromEntries(
		PROVIDER_PURPOSES.map((purpose) => [purpose, targets[purpose] ? shownConnection(targets[purpose]) : null]),
	) as Record<ProviderPurpose, ProviderConnection | null>
	const [rows, voiceAssistants] = await Promise.all([
		prisma.modelConnection.findMany({
			orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
			include: { _count: { select: { chatbots: true, agents: true } } },
		}),
		prisma.agent.count(),
	])
	return {
		environment,
		voiceAssistants,
		stored: rows.map(({ _count, ...row }) => ({
			...storedConnection(row),
			id: row.id,
			usedBy: { chatbots: _count.chatbots, agents: _count.agents },
			// Opened only to learn whether it still opens; the key itself goes no further.
			keyReadable: openProviderKey(row.sealedKey) !== null,
			updatedAt: row.updatedAt.toISOString(),
			defaultModel: defaultModelFor(row.purpose, providerKind(row.provider)),
		})),
	}
}

const described = (c: { purpose: string; name: string; baseUrl: string; model: string | null; keyHint: string }) =>
	`${c.purpose} provider “${c.name}” at ${c.baseUrl}${c.model ? `, model ${c.model}` : ''}, key ${c.keyHint}`

export type ConnectAnswer = { kind: 'connected'; connection: ProviderConnection } | { kind: 'too-many' }

export async function connectProvider(admin: Admin, input: ConnectProviderInput): Promise<ConnectAnswer> {
	const count = await prisma.modelConnection.count()
	if (count >= MAX_STORED_CONNECTIONS) return { kind: 'too-many' }
	const row = await prisma.modelConnection.create({
		data: {
			purpose: input.purpose,
			provider: input.provider,
			name: input.name ?? PROVIDER_NAMES[input.provider],
			baseUrl:
				(input.provider === 'openai-compatible' ? input.baseUrl : undefined) ?? PROVIDER_BASE_URLS[input.provider]!,
			model: input.model ?? null,
			sealedKey: sealProviderKey(input.apiKey),
			keyHint: keyHint(input.apiKey ?? ''),
		},
	})
	console.log(`Models: ${admin.email} connected ${described(row)} (${row.id})`)
	return { kind: 'connected', connection: storedConnection(row) }
}

export async function updateConnection(admin: Admin, input: UpdateConnectionInput) {
	const row = await prisma.modelConnection.findUnique({ where: { id: input.connectionId } })
	if (!row) return null
	const updated = await prisma.modelConnection.update({
		where: { id: row.id },
		data: {
			// Left empty, the name goes back to the provider's, as when connecting.
			name: input.name ?? PROVIDER_NAMES[providerKind(row.provider)],
			model: input.model ?? null,
			...(input.apiKey ? { sealedKey: sealProviderKey(input.apiKey), keyHint: keyHint(input.apiKey) } : {}),
			// A new key or model has not been tested yet.
			...(input.apiKey || (input.model ?? null) !== row.model
				? { lastTestedAt: null, lastOutcome: null, lastMessage: null }
				: {}),
		},
	})
	console.log(
		`Models: ${admin.email} changed ${described(updated)} (${row.id})${input.apiKey ? ', with a new key' : ''}`,
	)
	return storedConnection(updated)
}

/** Removes a connection; the chatbots and voice assistants that used it go back to the server's default. */
export async function removeConnection(admin: Admin, connectionId: string) {
	const row = await prisma.modelConnection.findUnique({
		where: { id: connectionId },
		include: { _count: { select: { chatbots: true, agents: true } } },
	})
	if (!row) return null
	await prisma.$transaction([
		prisma.chatbot.updateMany({
			where: { modelConnectionId: row.id },
			data: { answerModel: 'default', modelName: null },
		}),
		prisma.agent.updateMany({
			where: { modelConnectionId: row.id },
			data: { answerModel: 'default', modelName: null },
		}),
		prisma.modelConnection.delete({ where: { id: row.id } }),
	])
	const { chatbots, agents } = row._count
	console.log(
		`Models: ${admin.email} removed ${described(row)} (${row.id}); ${chatbots} chatbots and ${agents} voice assistants used it`,
	)
	return { name: row.name, chatbots, agents, users: chatbots + agents }
}

export type ConnectionTestAnswer =
	| { kind: 'tested'; target: string; result: ConnectionTestResult }
	| { kind: 'not-connected'; target: string }
	| { kind: 'key-unreadable'; target: string }
	| { kind: 'rate-limited'; target: string; retryAfterSeconds: number }

/**
 * Tests a connection on behalf of `admin`: a stored one (by id, its result kept on it) or the
 * environment's for a purpose. `target` names which, for the page ("chat", or the id). Logged without the key.
 */
export async function testModelConnection(
	admin: Admin,
	which: { connectionId: string } | { purpose: ProviderPurpose },
): Promise<ConnectionTestAnswer> {
	const targetName = 'connectionId' in which ? which.connectionId : which.purpose
	const target = 'connectionId' in which ? await storedTarget(which.connectionId) : environmentTargets()[which.purpose]
	if (!target || target === 'unknown') return { kind: 'not-connected', target: targetName }
	if (target === 'sealed-elsewhere') return { kind: 'key-unreadable', target: targetName }
	const charge = await chargeConnectionTest(admin.id)
	if (!charge.allowed) return { kind: 'rate-limited', target: targetName, retryAfterSeconds: charge.retryAfterSeconds }
	const result = await testConnection(target)
	if (target.id) {
		await prisma.modelConnection.updateMany({
			where: { id: target.id },
			data: {
				lastTestedAt: new Date(),
				lastOutcome: result.outcome,
				lastMessage: result.message,
				// The list to choose from; a failed test keeps the earlier one.
				...(result.models.length > 0 ? { models: result.models } : {}),
			},
		})
	}
	console.log(
		`Models: ${admin.email} tested ${described(target)}: ${result.outcome} in ${result.latencyMs} ms${result.outcome === 'reached' ? '' : `: ${result.message}`}`,
	)
	return { kind: 'tested', target: targetName, result }
}
