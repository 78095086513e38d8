// The voice API (spec section 7's "text templates", made real): start a conversation with an active
// agent, send it messages as audio or text, end it. Each conversation is a call_logs row that the
// administrator's dashboard shows live; its transcript grows with every turn.
import { MaxFileSizeExceededError, parseFormData, type FileUpload } from '@remix-run/form-data-parser'
import { languages } from './copy.ts'
import {
	VOICE_AUDIO_MAX_BYTES,
	VOICE_AUDIO_MAX_SECONDS,
	VOICE_TEXT_MAX_CHARS,
	VoiceEndSchema,
	VoiceIdsSchema,
	VoiceStartSchema,
} from './agent-schema.ts'
import { getActiveAgent } from './agents.server.ts'
import { describeAiError, generateModelReply, type IncomingMessage } from '~/ai/model-reply.server.ts'
import { transcribeAudio, transcriptionSettings } from './transcribe.server.ts'
import { clientIp } from '~/lib/client-ip.ts'
import { prisma } from '~/lib/db.server.ts'
import { readJsonBody } from '~/lib/json-body.server.ts'
import { getEnv } from '~/lib/env.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { consumeRateLimits, rateLimits, tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'

export class VoiceApiError extends Error {
	constructor(
		public status: number,
		message: string,
		public retryAfterSeconds?: number,
	) {
		super(message)
		this.name = 'VoiceApiError'
	}
}

type Agent = NonNullable<Awaited<ReturnType<typeof getActiveAgent>>>

const CALLER = 'Caller: '
const ASSISTANT = 'Assistant: '
const NO_AGENT = 'No active voice assistant has that agent_id.'
const NO_CONVERSATION = 'No conversation with that conversation_id for this agent.'

/** Any failure as the JSON the API promises: { error } with a 4xx/5xx status. */
export async function voiceApiResponse(run: () => Promise<unknown>) {
	try {
		return Response.json(await run(), { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (error instanceof VoiceApiError) {
			return Response.json(
				{ error: error.message },
				{
					status: error.status,
					headers: error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined,
				},
			)
		}
		console.error('Voice API failed:', error)
		return Response.json({ error: 'Something went wrong on our side. Try again.' }, { status: 500 })
	}
}

async function readJson(request: Request) {
	const body = await readJsonBody(request, {
		maxBytes: 16 * 1024,
		tooLarge: 'The request body is too large.',
		requireJsonType: true,
	})
	if (!body.ok) throw new VoiceApiError(body.status, body.message)
	return body.value
}

async function limit(request: Request, agentId: string) {
	const result = await consumeRateLimits([
		[`voice:ip:${clientIp(request)}`, rateLimits.voiceApiPerIp],
		[`voice:agent:${agentId}`, rateLimits.voiceApiPerAgent],
	])
	if (!result.allowed)
		throw new VoiceApiError(429, tooManyAttemptsMessage(result.retryAfterSeconds), result.retryAfterSeconds)
}

async function requireAgent(agentId: string) {
	const agent = await getActiveAgent(agentId)
	if (!agent) throw new VoiceApiError(404, NO_AGENT)
	return agent
}

function firstIssue(error: { issues: Array<{ message: string }> }) {
	return new VoiceApiError(400, error.issues[0].message)
}

/** Conversations nobody has spoken in for VOICE_IDLE_MINUTES end as completed, lasting until the last message. */
export async function closeIdleConversations(idleMinutes = getEnv().VOICE_IDLE_MINUTES) {
	return prisma.$executeRaw`
		UPDATE call_logs SET call_status = 'completed',
			call_duration = GREATEST(0, floor(extract(epoch FROM updated_at - created_at)))::int,
			updated_at = now()
		WHERE call_status = 'in-progress' AND agent_id IS NOT NULL AND updated_at < now() - make_interval(mins => ${idleMinutes})`
}

export async function startConversation(request: Request) {
	const parsed = VoiceStartSchema.safeParse(await readJson(request))
	if (!parsed.success) throw firstIssue(parsed.error)
	await limit(request, parsed.data.agent_id)
	const agent = await requireAgent(parsed.data.agent_id)
	void closeIdleConversations().catch((error) => console.error('Voice API: closing idle conversations failed:', error))
	const call = await prisma.callLog.create({
		data: {
			agentId: agent.id,
			callStatus: 'in-progress',
			customerName: parsed.data.customer_name ?? null,
			customerPhone: parsed.data.customer_phone ?? null,
			customerEmail: parsed.data.customer_email ?? null,
			transcript: `${ASSISTANT}${oneLine(agent.firstMessage)}`,
		},
		select: { id: true, createdAt: true },
	})
	return {
		conversation_id: call.id,
		first_message: agent.firstMessage,
		agent: { id: agent.id, name: agent.name, voice_id: agent.voiceId, language: agent.language },
		started_at: call.createdAt.toISOString(),
	}
}

/** The open conversation of this agent, or why there is none. */
async function requireOpenConversation(agent: Agent, conversationId: string) {
	const call = isUuid(conversationId)
		? await prisma.callLog.findFirst({
				where: { id: conversationId, agentId: agent.id },
				select: { id: true, callStatus: true, transcript: true, updatedAt: true },
			})
		: null
	if (!call) throw new VoiceApiError(404, NO_CONVERSATION)
	if (call.callStatus !== 'in-progress') throw new VoiceApiError(409, 'This conversation has ended. Start a new one.')
	if (Date.now() - call.updatedAt.getTime() > getEnv().VOICE_IDLE_MINUTES * 60_000) {
		await closeIdleConversations()
		throw new VoiceApiError(409, 'This conversation has ended. Start a new one.')
	}
	return call
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The transcript as chat messages for the model: "Caller:" lines are the user, "Assistant:" the agent. */
export function transcriptMessages(transcript: string): IncomingMessage[] {
	return transcript
		.split('\n')
		.map((line): IncomingMessage | null => {
			if (line.startsWith(CALLER)) return { role: 'user', parts: [{ type: 'text', text: line.slice(CALLER.length) }] }
			if (line.startsWith(ASSISTANT))
				return { role: 'assistant', parts: [{ type: 'text', text: line.slice(ASSISTANT.length) }] }
			return null
		})
		.filter((m): m is IncomingMessage => m !== null)
		.slice(-20)
}

/** Audio the API accepts, by its first bytes: WebM/Opus (MediaRecorder), Ogg, or WAV. */
export function audioKind(bytes: Uint8Array): 'webm' | 'ogg' | 'wav' | null {
	const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte)
	if (starts(0x1a, 0x45, 0xdf, 0xa3)) return 'webm'
	if (starts(0x4f, 0x67, 0x67, 0x53)) return 'ogg'
	if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WAVE') return 'wav'
	return null
}

/** Seconds of audio in a PCM WAV file, from its fmt and data chunks; null when they cannot be found. */
export function wavSeconds(bytes: Uint8Array) {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	let byteRate = 0
	for (let offset = 12; offset + 8 <= bytes.byteLength;) {
		const id = String.fromCharCode(...bytes.slice(offset, offset + 4))
		const size = view.getUint32(offset + 4, true)
		if (id === 'fmt ' && offset + 16 <= bytes.byteLength) byteRate = view.getUint32(offset + 16, true)
		if (id === 'data') return byteRate > 0 ? Math.min(size, bytes.byteLength - offset - 8) / byteRate : null
		offset += 8 + size + (size % 2)
	}
	return null
}

async function readMessageForm(request: Request) {
	if (!/multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
		throw new VoiceApiError(415, 'Send multipart/form-data with agent_id, conversation_id and audio or text.')
	}
	let audio: Uint8Array | null = null
	try {
		const form = await parseFormData(
			request,
			{ maxFiles: 1, maxFileSize: VOICE_AUDIO_MAX_BYTES, maxTotalSize: VOICE_AUDIO_MAX_BYTES + 64 * 1024 },
			async (file: FileUpload) => {
				if (file.fieldName === 'audio') audio = new Uint8Array(await file.arrayBuffer())
				return null
			},
		)
		return { form, audio: audio as Uint8Array | null }
	} catch (error) {
		if (error instanceof MaxFileSizeExceededError || (error as Error).name === 'MaxTotalSizeExceededError') {
			throw new VoiceApiError(413, `Audio is limited to ${VOICE_AUDIO_MAX_BYTES / 1024 / 1024} MB per message.`)
		}
		throw new VoiceApiError(400, 'The form data could not be read.')
	}
}

async function heardText(agent: Agent, audio: Uint8Array | null, text: string, signal: AbortSignal) {
	if (!audio || audio.byteLength === 0) {
		if (!text) throw new VoiceApiError(400, 'Send audio or text.')
		if (text.length > VOICE_TEXT_MAX_CHARS)
			throw new VoiceApiError(400, `Text is limited to ${VOICE_TEXT_MAX_CHARS} characters.`)
		return text
	}
	if (!transcriptionSettings()) {
		throw new VoiceApiError(
			501,
			'Speech-to-text is not configured on this server (set GROQ_API_KEY or TRANSCRIBE_API_KEY). Send text instead.',
		)
	}
	const kind = audioKind(audio)
	if (!kind) throw new VoiceApiError(415, 'Audio must be WebM/Opus, Ogg or WAV.')
	if (kind === 'wav') {
		const seconds = wavSeconds(audio)
		if (seconds !== null && seconds > VOICE_AUDIO_MAX_SECONDS)
			throw new VoiceApiError(413, `Audio is limited to ${VOICE_AUDIO_MAX_SECONDS} seconds per message.`)
	}
	try {
		const heard = await transcribeAudio(audio, agent.language, signal)
		if (!heard) throw new VoiceApiError(422, 'No speech was recognised in the audio.')
		return heard
	} catch (error) {
		if (error instanceof VoiceApiError) throw error
		console.error(
			`Voice API: transcribing ${audio.byteLength} bytes of ${kind} for agent ${agent.id} failed: ${describeAiError(error)}`,
		)
		if ((error as Error).name === 'AI_NoTranscriptGeneratedError')
			throw new VoiceApiError(422, 'No speech was recognised in the audio.')
		throw new VoiceApiError(502, 'The speech-to-text service failed. Try again.')
	}
}

function agentInstructions(agent: Agent) {
	const language = languages.find((l) => l.code === agent.language)?.name ?? 'English'
	return `${agent.instructions}\n\nYou are "${agent.name}", speaking with a caller. Always answer in ${language}, in one to three short spoken sentences, without lists or markdown. Use what you know from your instructions and description below; if you do not know, say so.`
}

export async function sendVoiceMessage(request: Request) {
	const { form, audio } = await readMessageForm(request)
	const parsed = VoiceIdsSchema.safeParse({
		agent_id: form.get('agent_id') ?? '',
		conversation_id: form.get('conversation_id') ?? '',
	})
	if (!parsed.success) throw firstIssue(parsed.error)
	await limit(request, parsed.data.agent_id)
	const agent = await requireAgent(parsed.data.agent_id)
	const call = await requireOpenConversation(agent, parsed.data.conversation_id)
	const text = oneLine(String(form.get('text') ?? ''))
	const heard = oneLine(await heardText(agent, audio, text, request.signal))
	const reply = await generateModelReply({
		instructions: agentInstructions(agent),
		knowledge: [agent.description, agent.instructions].filter(Boolean).join('\n\n'),
		messages: [...transcriptMessages(call.transcript ?? ''), { role: 'user', parts: [{ type: 'text', text: heard }] }],
		label: `Voice agent ${agent.id}`,
		abortSignal: request.signal,
	})
	if (!reply) throw new VoiceApiError(502, 'The assistant could not answer. Try again.')
	const spoken = oneLine(reply)
	// Appended in SQL, so two quick messages cannot overwrite each other's turns.
	await prisma.$executeRaw`
		UPDATE call_logs SET
			transcript = coalesce(transcript || E'\n', '') || ${`${CALLER}${heard}\n${ASSISTANT}${spoken}`},
			inquiry_details = coalesce(inquiry_details, ${heard.slice(0, 500)}),
			updated_at = now()
		WHERE id = ${call.id}::uuid`
	return { conversation_id: call.id, text: heard, reply: spoken, transcribed: Boolean(audio && audio.byteLength > 0) }
}

export async function endConversation(request: Request) {
	const parsed = VoiceEndSchema.safeParse(await readJson(request))
	if (!parsed.success) throw firstIssue(parsed.error)
	const { status } = parsed.data
	await limit(request, parsed.data.agent_id)
	if (!isUuid(parsed.data.agent_id) || !isUuid(parsed.data.conversation_id))
		throw new VoiceApiError(404, NO_CONVERSATION)
	const rows = await prisma.$queryRaw<Array<{ call_duration: number; call_status: string }>>`
		UPDATE call_logs SET call_status = ${status},
			call_duration = GREATEST(0, floor(extract(epoch FROM now() - created_at)))::int,
			updated_at = now()
		WHERE id = ${parsed.data.conversation_id}::uuid AND agent_id = ${parsed.data.agent_id}::uuid AND call_status = 'in-progress'
		RETURNING call_duration, call_status`
	if (rows.length === 0) {
		const exists = await prisma.callLog.findFirst({
			where: { id: parsed.data.conversation_id, agentId: parsed.data.agent_id },
			select: { callStatus: true, callDuration: true },
		})
		if (!exists) throw new VoiceApiError(404, NO_CONVERSATION)
		// Ending twice is harmless: the first end stands.
		return {
			conversation_id: parsed.data.conversation_id,
			status: exists.callStatus,
			duration_seconds: exists.callDuration,
		}
	}
	return {
		conversation_id: parsed.data.conversation_id,
		status: rows[0].call_status,
		duration_seconds: rows[0].call_duration,
	}
}
