// The HTTP edge the voice API routes share: bodies read with caps, validated, rate limited (the
// caller's address first, then, once the feature has found the conversation live, its share and
// the agent's: ADR 0060), and every outcome as the JSON the API promises (docs/api.md): the
// feature's refusals get their status here.
import { MaxFileSizeExceededError, parseFormData, type FileUpload } from '@remix-run/form-data-parser'
import type { z } from 'zod'
import { VOICE_AUDIO_MAX_BYTES } from '~/features/voice/conversation-schema.ts'
import { VoiceError, type Admit, type TurnListener, type VoiceRefusal } from '~/features/voice/conversations.server.ts'
import { chargeVoiceCaller, chargeVoiceWork } from '~/features/voice/voice-limits.server.ts'
import { clientKey } from '~/lib/client-ip.ts'
import { findNulField, NUL_REFUSED } from '~/lib/forms.server.ts'
import { readJsonBody } from '~/lib/http.server.ts'
import { tooManyAttemptsMessage, type RateLimitResult } from '~/lib/rate-limit.server.ts'

/** A refusal this edge decides itself (the body, its type, the rate limit), with its HTTP status. */
class VoiceApiError extends Error {
	constructor(
		public status: number,
		message: string,
		public retryAfterSeconds?: number,
	) {
		super(message)
		this.name = 'VoiceApiError'
	}
}

const STATUS: Record<VoiceRefusal, number> = {
	'not-found': 404,
	'conversation-closed': 409,
	'invalid-message': 400,
	'speech-unavailable': 501,
	'unsupported-audio': 415,
	'audio-too-long': 413,
	'unusable-audio': 422,
	'provider-failed': 502,
	'not-said': 403,
	'speech-used-up': 429,
	'reply-spoken': 409,
	// nginx's "client closed request": the caller is gone and never sees it, but a log does.
	cancelled: 499,
}

/** Any failure as { error } with its 4xx/5xx status (and Retry-After when rate limited). */
function failure(error: unknown) {
	if (error instanceof VoiceError) return { status: STATUS[error.reason], message: error.message }
	if (error instanceof VoiceApiError)
		return { status: error.status, message: error.message, retry: error.retryAfterSeconds }
	console.error('Voice API failed:', error)
	return { status: 500, message: 'Something went wrong on our side. Try again.' }
}

function failureResponse(error: unknown) {
	const { status, message, retry } = failure(error)
	return Response.json({ error: message }, { status, headers: retry ? { 'Retry-After': String(retry) } : undefined })
}

/**
 * Success as the JSON of what `run` returns; any failure as { error } with a 4xx/5xx status.
 * With `stream`, the turn is sent as it happens instead, one JSON object a line (docs/api.md,
 * "Streaming"): `transcript`, then `delta`s of the reply, then `done` with the JSON answer (or
 * `error`). A failure before the transcript is known is still the plain JSON error with its status.
 */
export async function voiceApiResponse(
	run: (listener: TurnListener) => Promise<unknown>,
	{ stream = false }: { stream?: boolean } = {},
) {
	if (!stream) {
		try {
			return Response.json(await run({}), { headers: { 'Cache-Control': 'no-store' } })
		} catch (error) {
			return failureResponse(error)
		}
	}
	const encoder = new TextEncoder()
	let controller!: ReadableStreamDefaultController<Uint8Array>
	let open = true
	const body = new ReadableStream<Uint8Array>({
		start(c) {
			controller = c
		},
		// The caller hung up mid-reply: nothing more is written (the turn itself still completes and is
		// kept, as a retry with the same message id gets it back).
		cancel() {
			open = false
		},
	})
	const write = (event: Record<string, unknown>) => {
		if (!open) return
		try {
			controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`))
		} catch {
			// Closed under us (the connection went away between two writes): stop writing.
			open = false
		}
	}
	let streaming: () => void = () => {}
	const transcriptKnown = new Promise<'streaming'>((resolve) => (streaming = () => resolve('streaming')))
	const outcome = run({
		onTranscript: (text) => {
			write({ type: 'transcript', text })
			streaming()
		},
		onDelta: (text) => write({ type: 'delta', text }),
	}).then(
		(result) => ({ ok: true as const, result }),
		(error: unknown) => ({ ok: false as const, error }),
	)
	const first = await Promise.race([transcriptKnown, outcome])
	if (first !== 'streaming' && !first.ok) return failureResponse(first.error)
	void outcome.then((done) => {
		if (done.ok) write({ type: 'done', ...(done.result as object) })
		else {
			const { status, message } = failure(done.error)
			write({ type: 'error', status, error: message })
		}
		if (!open) return
		open = false
		try {
			controller.close()
		} catch {
			// Already closed by the caller's hanging up.
		}
	})
	return new Response(body, {
		headers: {
			'Content-Type': 'application/x-ndjson; charset=utf-8',
			'Cache-Control': 'no-store',
			'X-Accel-Buffering': 'no',
		},
	})
}

/** Success as the audio `run` returns, with its type; any failure as { error } like the JSON routes. */
export async function voiceApiAudio(run: () => Promise<{ audio: Uint8Array<ArrayBuffer>; contentType: string }>) {
	try {
		const { audio, contentType } = await run()
		return new Response(audio, {
			headers: {
				'Content-Type': contentType,
				'Content-Length': String(audio.byteLength),
				'Cache-Control': 'no-store',
				'X-Content-Type-Options': 'nosniff',
			},
		})
	} catch (error) {
		return failureResponse(error)
	}
}

/** A value the schema accepts, or a 400 naming its first problem. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
	const parsed = schema.safeParse(value)
	if (!parsed.success) throw new VoiceApiError(400, parsed.error.issues[0].message)
	return parsed.data
}

export async function readVoiceJson(request: Request) {
	const body = await readJsonBody(request, {
		maxBytes: 16 * 1024,
		tooLarge: 'The request body is too large.',
		requireJsonType: true,
	})
	if (!body.ok) throw new VoiceApiError(body.status, body.message)
	return body.value
}

export async function readVoiceMessageForm(
	request: Request,
	expected = 'Send multipart/form-data with agent_id, conversation_id and audio or text.',
) {
	if (!/multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) throw new VoiceApiError(415, expected)
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
		// Refused before any provider is paid, as every form reader does (lib/forms.server.ts).
		if (findNulField(form) !== null) throw new VoiceApiError(400, NUL_REFUSED)
		return { form, audio: audio as Uint8Array | null }
	} catch (error) {
		if (error instanceof VoiceApiError) throw error
		if (error instanceof MaxFileSizeExceededError || (error as Error).name === 'MaxTotalSizeExceededError') {
			throw new VoiceApiError(413, `Audio is limited to ${VOICE_AUDIO_MAX_BYTES / 1024 / 1024} MB per message.`)
		}
		throw new VoiceApiError(400, 'The form data could not be read.')
	}
}

/** A refusal of the site widget's rate limit, as the voice API words it. */
export function tooManyVoiceTurns(retryAfterSeconds: number) {
	return new VoiceApiError(429, tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds)
}

function refuseOver(result: RateLimitResult) {
	if (!result.allowed)
		throw new VoiceApiError(429, tooManyAttemptsMessage(result.retryAfterSeconds), result.retryAfterSeconds)
}

/**
 * The caller's address, charged for every request before anything is looked up (junk spends only its
 * sender's budget); then the budgets of valid work, which the feature charges through the returned
 * `admit` once it has found the agent or the live conversation (ADR 0060).
 */
export async function limitVoiceCaller(request: Request): Promise<Admit> {
	refuseOver(await chargeVoiceCaller(clientKey(request)))
	return async (scope) => refuseOver(await chargeVoiceWork(scope))
}

/**
 * limitVoiceCaller while the body is read: both at once, so a turn waits for the longer of the two,
 * not their sum (issue 32's latency budget). Every call is charged, whatever its body holds; a
 * refusal by the caller's budget answers before any problem of the body.
 */
export async function limitVoiceCallerWhileReading<Body>(request: Request, body: Promise<Body>) {
	const [charged, read] = await Promise.allSettled([limitVoiceCaller(request), body])
	if (charged.status === 'rejected') throw charged.reason
	if (read.status === 'rejected') throw read.reason
	return { admit: charged.value, body: read.value }
}
