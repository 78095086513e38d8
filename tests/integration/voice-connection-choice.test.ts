// A speech-to-text or speech connection whose last test failed (a refused key, a server that cannot
// be reached) is kept but not used: the voice test and the voice API take the newest one that passed
// or was never tested, else the environment's (app/ai/connection-in-use.ts). Before, the newest
// connection was used whatever its test said, and every voice turn failed behind it.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'

let prisma: typeof import('~/lib/db.server.ts').prisma
let voiceProviders: typeof import('~/features/voice/speech.server.ts').voiceProviders
let speechProvider: typeof import('~/features/voice/speech.server.ts').speechProvider
let transcriptionSource: typeof import('~/features/voice/transcribe.server.ts').transcriptionSource
const tag = randomUUID().slice(0, 8)

beforeAll(async () => {
	;({ prisma } = await import('~/lib/db.server.ts'))
	;({ voiceProviders, speechProvider } = await import('~/features/voice/speech.server.ts'))
	;({ transcriptionSource } = await import('~/features/voice/transcribe.server.ts'))
})

const clear = () => prisma.modelConnection.deleteMany({ where: { purpose: { in: ['speech', 'transcription'] } } })
beforeEach(clear)
afterAll(clear)

let created = 0
const connect = (purpose: 'speech' | 'transcription', name: string, lastOutcome: string | null) =>
	prisma.modelConnection.create({
		data: {
			purpose,
			provider: 'openai-compatible',
			name: `${name} ${tag}`,
			baseUrl: `http://127.0.0.1:9/${name.toLowerCase().replace(/\W+/g, '-')}/v1`,
			model: purpose === 'transcription' ? 'whisper-1' : 'tts-1',
			sealedKey: '',
			keyHint: 'no key',
			lastOutcome,
			lastTestedAt: lastOutcome ? new Date() : null,
			// Strictly newer each time: the newest is the one chosen among the usable ones.
			createdAt: new Date(Date.now() + created++ * 1000),
		},
	})

test('speech: the newest connection that failed its test is passed over for the one that passed', async () => {
	await connect('speech', 'Works', 'reached')
	await connect('speech', 'Refused key', 'refused-key')
	expect((await speechProvider())?.connection).toBe(`Works ${tag}`)
	expect((await voiceProviders('alloy')).speech).toContain(`connection “Works ${tag}”`)
})

test('speech: a connection never tested (just changed) is used; once its test fails, it is not', async () => {
	const fresh = await connect('speech', 'Fresh', null)
	expect((await speechProvider())?.connection).toBe(`Fresh ${tag}`)
	await prisma.modelConnection.update({ where: { id: fresh.id }, data: { lastOutcome: 'unreachable' } })
	// No other connection and no SPEECH_* in the environment: the server has no speech (the browser's
	// voice speaks where it has one, ui/voice-providers.ts).
	expect(await speechProvider()).toBeNull()
	expect(await voiceProviders('alloy')).toMatchObject({ speech: null, serverSpeech: false })
})

test('speech-to-text: the same rule', async () => {
	await connect('transcription', 'Old whisper', 'reached')
	await connect('transcription', 'Broken whisper', 'timeout')
	expect((await transcriptionSource())?.connection).toBe(`Old whisper ${tag}`)
	await connect('transcription', 'New whisper', null)
	expect((await transcriptionSource())?.connection).toBe(`New whisper ${tag}`)
})
