// A local OpenAI-compatible chat-completions server that streams server-sent events
// (choices[0].delta.content, then [DONE]), for testing the real provider code. The last user
// message picks the behaviour: "scenario:<name>", e.g. scenario:normal, scenario:slow,
// scenario:status-429, scenario:disconnect, scenario:reset, scenario:hang (no answer at all),
// scenario:headers (headers, then nothing), scenario:stall (two words, then nothing),
// scenario:long (60 words over 6 s, counted in `completed` only when all were sent).
// POST …/audio/speech answers real speech: a WAV of the input said by espeak-ng (a tone where espeak-ng
// is missing), after `speechDelayMs`; GET /fake/speeches lists the requests and POST
// /fake/speech-delay?ms=… changes the delay, for tests in another process (Playwright's).
import { execFile } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { readSse } from './sse.ts'
import { makeWav } from './wav.ts'

export type FakeOpenAi = {
	baseURL: string
	/** Requests received per scenario (retries show up as more than one). */
	attempts: Map<string, number>
	/** Streamed answers sent to the end, per scenario (a client that left stops its answer). */
	completed: Map<string, number>
	/** Connections open now. */
	openSockets: () => number
	/** Chat requests received: the system prompt and the last user message. */
	requests: FakeChatRequest[]
	/** Transcription requests received: the uploaded file's size and the language asked for. */
	transcriptions: Array<{ bytes: number; language: string | null; model: string | null }>
	/** Speech requests received: what they asked to be said, in which voice, by which model. */
	speeches: FakeSpeechRequest[]
	/** How long …/audio/speech waits before it answers (changeable while running). */
	speech: { delayMs: number }
	close: () => Promise<void>
}

export type FakeSpeechRequest = { input: string; voice: string; model: string; responseFormat: string | null }

/** `text` said by espeak-ng as a WAV (its own 22 kHz mono); a one-second tone when espeak-ng cannot run. */
export function spokenWav(text: string): Promise<Buffer> {
	return new Promise((resolve) => {
		execFile(
			'espeak-ng',
			['--stdout', '-s', '190', text.slice(0, 600)],
			{ encoding: 'buffer', maxBuffer: 16 * 1024 * 1024, timeout: 10_000 },
			(error, stdout) => {
				if (error || stdout.length < 44) return resolve(Buffer.from(makeWav(1, 22_050)))
				resolve(fixedWavSizes(stdout))
			},
		)
	})
}

/** espeak-ng writing to a pipe cannot go back to fill in its sizes: they are set here from the length. */
function fixedWavSizes(wav: Buffer) {
	const fixed = Buffer.from(wav)
	const dataAt = fixed.indexOf('data', 12, 'latin1')
	if (fixed.toString('latin1', 0, 4) !== 'RIFF' || dataAt < 0) return fixed
	fixed.writeUInt32LE(fixed.length - 8, 4)
	fixed.writeUInt32LE(fixed.length - dataAt - 8, dataAt + 4)
	return fixed
}

export type FakeChatRequest = {
	system: string
	lastUser: string
	stream: boolean
	/** The model and temperature the request named. */
	model?: string
	temperature?: number
}

const WORDS = ['Hello', ' from', ' the', ' fake', ' provider', '.']

function chunk(content: string | null, finish: string | null = null) {
	return `data: ${JSON.stringify({
		id: 'chatcmpl-fake',
		object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000),
		model: 'fake-model',
		choices: [{ index: 0, delta: content === null ? {} : { role: 'assistant', content }, finish_reason: finish }],
		...(finish ? { x_groq: { usage: { prompt_tokens: 10, completion_tokens: 6, total_tokens: 16 } } } : {}),
	})}\n\n`
}

export const FAKE_TRANSCRIPT = 'What are your opening hours?'

/** A form field's value from a raw multipart body (enough for the few fields the SDK sends). */
function multipartField(body: Buffer, name: string) {
	const match = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body.toString('latin1'))
	return match?.[1] ?? null
}

/**
 * `transcript`: what POST …/audio/transcriptions answers for any audio (Whisper's JSON shape, as
 * Groq sends it); audio of fewer than 100 bytes gets a 500, to test the failure path.
 */
export async function startFakeOpenAi({
	wordDelayMs = 0,
	port = 0,
	transcript = FAKE_TRANSCRIPT,
	respond,
	apiKey,
	models,
	speechDelayMs = 0,
}: {
	wordDelayMs?: number
	port?: number
	transcript?: string
	/** The answer to a chat request, when a test decides it ('hang': none at all); else the scenario's. */
	respond?: (request: FakeChatRequest) => string | 'hang' | undefined
	/** When set, a request without "Authorization: Bearer <apiKey>" gets 401, as Groq answers a wrong key. */
	apiKey?: string
	/** When set, GET /models lists these and a chat request for another model gets 404 model_not_found. */
	models?: string[]
	/** How long …/audio/speech waits before it answers. */
	speechDelayMs?: number
} = {}): Promise<FakeOpenAi> {
	const requests: FakeChatRequest[] = []
	const attempts = new Map<string, number>()
	const completed = new Map<string, number>()
	const transcriptions: FakeOpenAi['transcriptions'] = []
	const speeches: FakeSpeechRequest[] = []
	const speech = { delayMs: speechDelayMs }
	const sockets = new Set<import('node:net').Socket>()
	const server = http.createServer(async (req, res) => {
		const json = (status: number, body: unknown) => {
			res.writeHead(status, { 'Content-Type': 'application/json' })
			res.end(JSON.stringify(body))
		}
		const path = new URL(req.url ?? '/', 'http://fake').pathname
		if (req.method === 'GET' && path === '/fake/speeches') return json(200, speeches)
		if (req.method === 'POST' && path === '/fake/speech-delay') {
			speech.delayMs = Number(new URL(req.url ?? '/', 'http://fake').searchParams.get('ms')) || 0
			return json(200, { delayMs: speech.delayMs })
		}
		if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`)
			return json(401, {
				error: { message: 'Invalid API Key', type: 'invalid_request_error', code: 'invalid_api_key' },
			})
		if (req.method === 'GET' && req.url?.endsWith('/models'))
			return json(200, {
				object: 'list',
				data: (models ?? ['fake-model', 'whisper-large-v3-turbo']).map((id) => ({ id, object: 'model' })),
			})
		if (req.method === 'POST' && path.endsWith('/audio/speech')) {
			let body = ''
			for await (const part of req) body += part
			let parsed: { input?: unknown; voice?: unknown; model?: unknown; response_format?: unknown } = {}
			try {
				parsed = JSON.parse(body)
			} catch {}
			const request: FakeSpeechRequest = {
				input: String(parsed.input ?? ''),
				voice: String(parsed.voice ?? ''),
				model: String(parsed.model ?? ''),
				responseFormat: typeof parsed.response_format === 'string' ? parsed.response_format : null,
			}
			speeches.push(request)
			if (!request.input || !request.voice || !request.model)
				return json(400, { error: { message: 'input, voice and model are required', type: 'invalid_request_error' } })
			if (speech.delayMs) await new Promise((r) => setTimeout(r, speech.delayMs))
			const wav = await spokenWav(request.input)
			if (res.destroyed) return
			res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length })
			return res.end(wav)
		}
		if (req.url?.endsWith('/audio/transcriptions')) {
			const chunks: Buffer[] = []
			for await (const part of req) chunks.push(part as Buffer)
			const raw = Buffer.concat(chunks)
			const fileStart = raw.indexOf('\r\n\r\n', raw.indexOf('name="file"'))
			const boundary = /boundary=(.+)$/.exec(String(req.headers['content-type']))?.[1] ?? ''
			const fileEnd = raw.indexOf(`\r\n--${boundary}`, fileStart)
			const bytes = fileStart >= 0 && fileEnd > fileStart ? fileEnd - fileStart - 4 : 0
			transcriptions.push({ bytes, language: multipartField(raw, 'language'), model: multipartField(raw, 'model') })
			if (bytes < 100) {
				res.writeHead(500, { 'Content-Type': 'application/json' })
				return res.end(JSON.stringify({ error: { message: 'fake transcription failure', type: 'fake_error' } }))
			}
			res.writeHead(200, { 'Content-Type': 'application/json' })
			// OpenAI's plain shape, without Groq's extra fields: any OpenAI-compatible server answers so.
			return res.end(JSON.stringify({ text: ` ${transcript} ` }))
		}
		let body = ''
		for await (const part of req) body += part
		let scenario = 'normal'
		let stream = true
		let answer: string | undefined
		try {
			const parsed = JSON.parse(body)
			if (models && !models.includes(parsed.model))
				return json(404, {
					error: {
						message: `The model \`${parsed.model}\` does not exist or you do not have access to it.`,
						type: 'invalid_request_error',
						code: 'model_not_found',
					},
				})
			stream = parsed.stream === true
			const messages = parsed.messages as Array<{ role: string; content: unknown }>
			const contentOf = (m?: { content: unknown }) =>
				typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? '')
			const text = contentOf([...messages].reverse().find((m) => m.role === 'user'))
			const request: FakeChatRequest = {
				system: contentOf(messages.find((m) => m.role === 'system')),
				lastUser: text,
				stream,
				model: typeof parsed.model === 'string' ? parsed.model : undefined,
				temperature: typeof parsed.temperature === 'number' ? parsed.temperature : undefined,
			}
			requests.push(request)
			answer = respond?.(request)
			scenario = answer === 'hang' ? 'hang' : (/scenario:([a-z0-9-]+)/.exec(text)?.[1] ?? 'normal')
		} catch {}
		attempts.set(scenario, (attempts.get(scenario) ?? 0) + 1)

		const status = /^status-(\d{3})$/.exec(scenario)
		if (status) {
			// Like Groq on 429: say when to come back, so retries in tests do not wait seconds.
			res.writeHead(Number(status[1]), { 'Content-Type': 'application/json', 'retry-after-ms': '20' })
			res.end(JSON.stringify({ error: { message: `fake ${status[1]}`, type: 'fake_error' } }))
			return
		}
		if (scenario === 'reset') return req.socket.destroy()
		if (scenario === 'hang') return // never answers

		if (!stream) {
			res.writeHead(200, { 'Content-Type': 'application/json' })
			res.end(
				JSON.stringify({
					id: 'chatcmpl-fake',
					object: 'chat.completion',
					created: Math.floor(Date.now() / 1000),
					model: 'fake-model',
					choices: [
						{ index: 0, message: { role: 'assistant', content: answer ?? WORDS.join('') }, finish_reason: 'stop' },
					],
					usage: { prompt_tokens: 10, completion_tokens: 6, total_tokens: 16 },
				}),
			)
			return
		}
		res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' })
		res.flushHeaders()
		if (scenario === 'headers') return // headers, then silence
		let gone = false
		res.on('close', () => (gone = true))
		const words =
			answer !== undefined
				? (answer.match(/\S+\s*/g) ?? [])
				: scenario === 'long'
					? Array.from({ length: 60 }, (_, i) => ` word${i}`)
					: WORDS
		const delay = scenario === 'slow' ? 150 : scenario === 'disconnect' ? 30 : scenario === 'long' ? 100 : wordDelayMs
		for (const [index, word] of words.entries()) {
			if (scenario === 'disconnect' && index === 3) return req.socket.destroy()
			if (scenario === 'stall' && index === 2) return // two words, then silence
			if (gone) return
			res.write(chunk(word))
			if (delay) await new Promise((r) => setTimeout(r, delay))
		}
		if (gone) return
		res.write(chunk(null, 'stop'))
		res.end('data: [DONE]\n\n')
		completed.set(scenario, (completed.get(scenario) ?? 0) + 1)
	})
	server.on('connection', (socket) => {
		sockets.add(socket)
		socket.on('close', () => sockets.delete(socket))
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
	const address = server.address() as AddressInfo
	return {
		baseURL: `http://127.0.0.1:${address.port}/openai/v1`,
		attempts,
		completed,
		openSockets: () => sockets.size,
		requests,
		transcriptions,
		speeches,
		speech,
		close: () =>
			new Promise((resolve) => {
				for (const socket of sockets) socket.destroy()
				server.close(() => resolve())
			}),
	}
}

/** Reads an AI SDK UI message stream response into its text, error and data parts. */
export async function readUiStream(response: Response) {
	const deltas: Array<{ text: string; at: number }> = []
	const errors: string[] = []
	const data: Array<{ type: string; data: unknown }> = []
	for await (const event of readSse(response.body!)) {
		if (!event.data || event.data === '[DONE]') continue
		const part = JSON.parse(event.data)
		if (part.type === 'text-delta') deltas.push({ text: part.delta, at: performance.now() })
		if (part.type === 'error') errors.push(part.errorText)
		if (String(part.type).startsWith('data-')) data.push(part)
	}
	return { text: deltas.map((d) => d.text).join(''), deltas, errors, data }
}
