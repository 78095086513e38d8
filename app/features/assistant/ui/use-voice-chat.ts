// The widget's voice variant (spec section 4) on the shared turn engine (app/lib/voice, ADRs 0052
// and 0059): microphone permission, the greeting spoken, then listening. Where this server has
// speech-to-text the visitor just talks: the voice activity detector (loaded now, not with the
// page) hears each turn end, the audio is transcribed on /api/chat/voice and asked like a typed
// question, the reply is spoken sentence by sentence as it streams in, and talking over Riya stops
// her at once (barge-in). Without speech-to-text the browser's recognizer stands in as the spec has
// it: continuous listening, a final result sent 0.5 s later, restarts 100 ms after it ends and 1 s
// after an error, paused while Riya talks. Typing works in either. Replies are spoken in en-US with
// the spec's rate 0.85, pitch 1.1 and volume 0.9 and a female-sounding voice where there is one.
import { useCallback, useEffect, useRef, useState } from 'react'
import { spokenText } from '~/ai/spoken-text.ts'
import { speechRecognitionConstructor, type SpeechRecognitionLike } from '~/lib/browser-speech.ts'
import { TurnEngine, type TurnPhase, type Transport } from '~/lib/voice/turn-engine.ts'

const VOICE_SEND_DELAY_MS = 500
const VOICE_RESTART_AFTER_END_MS = 100
const VOICE_RESTART_AFTER_ERROR_MS = 1000
const SPEECH_LANG = 'en-US'

const MIC_DENIED_MESSAGE = 'Please allow microphone access to use voice features. You can still type your messages.'
const VOICE_UNSUPPORTED_MESSAGE =
	'Voice chat needs speech recognition, which this browser does not offer (try Chrome or Edge). You can still type your messages.'
const HANDS_FREE_FAILED_MESSAGE =
	'Voice chat could not start listening in this browser. You can still type your messages.'

/**
 * What the voice mode is doing, shown to the visitor: nothing, the microphone opening, the detector
 * loading, the microphone open, hearing the visitor, Riya writing her reply, Riya talking.
 */
export type VoicePhase = 'off' | 'starting' | 'preparing' | 'listening' | 'hearing' | 'thinking' | 'speaking'

/** Asks the question as the visitor's message; `onDelta` gets the reply's pieces; resolves with the whole reply. */
export type AskRiya = (text: string, onDelta: (delta: string) => void) => Promise<string>

type Ticket = { said: string; ticket: string }

const isTicket = (value: unknown): value is Ticket =>
	typeof value === 'object' &&
	value !== null &&
	typeof (value as Ticket).said === 'string' &&
	typeof (value as Ticket).ticket === 'string'

/**
 * What this server has for the widget's voice (GET /api/chat/voice): speech-to-text (hands-free
 * listening) and a speech endpoint (Riya's server voice), with the speech ticket for her greeting
 * (ADR 0074); neither when it cannot be asked.
 */
async function serverVoice(): Promise<{ transcription: boolean; speech: boolean; greeting: Ticket | null }> {
	const none = { transcription: false, speech: false, greeting: null }
	try {
		const response = await fetch('/api/chat/voice', { headers: { Accept: 'application/json' } })
		if (!response.ok) return none
		const body = (await response.json()) as { transcription?: unknown; speech?: unknown; greeting?: unknown }
		return {
			transcription: body.transcription === true,
			speech: body.speech === true,
			greeting: isTicket(body.greeting) ? body.greeting : null,
		}
	} catch {
		return none
	}
}

/** What the chat's stream tells the voice about a reply: a delta went by, its text ended, a speech ticket. */
export type SpeechEvent = { kind: 'delta' } | { kind: 'end' } | { kind: 'ticket'; said: string; ticket: string }

/** How long a sentence waits for the ticket that vouches for it before the browser's voice says it. */
const TICKET_WAIT_MS = 2000

/**
 * The server's tickets for what Riya said (site-speech.server.ts): each completed sentence of a reply
 * streams in followed by a ticket for the reply so far. A sentence asked for while its reply streams
 * waits for the next ticket (it follows the delta that completed the sentence); one asked for later
 * takes the latest.
 */
class SpeechTickets {
	private latest: Ticket | null = null
	private count = 0
	private streaming = false
	private waiters = new Set<() => void>()

	event(event: SpeechEvent) {
		if (event.kind === 'delta') this.streaming = true
		else if (event.kind === 'end') this.streaming = false
		else {
			this.latest = { said: event.said, ticket: event.ticket }
			this.count++
		}
		if (event.kind !== 'delta') for (const wake of this.waiters) wake()
	}

	async forSentence(signal: AbortSignal) {
		const seen = this.count
		while (this.streaming && this.count === seen && !signal.aborted) {
			const woken = await new Promise<boolean>((resolve) => {
				const wake = () => {
					this.waiters.delete(wake)
					clearTimeout(timer)
					resolve(true)
				}
				const timer = setTimeout(() => {
					this.waiters.delete(wake)
					resolve(false)
				}, TICKET_WAIT_MS)
				this.waiters.add(wake)
			})
			if (!woken) break
		}
		return this.latest
	}
}

/** The engine's way to the site chat: audio transcribed on /api/chat/voice, then asked like typed text. */
function siteTransport(ask: () => AskRiya, speech: ReturnType<typeof serverSpeech> | null): Transport {
	return {
		async sendTurn(input, on) {
			let text: string
			if ('audio' in input) {
				const form = new FormData()
				form.set('audio', input.audio, 'speech.wav')
				const response = await fetch('/api/chat/voice', { method: 'POST', body: form })
				const body = (await response.json().catch(() => ({}))) as { text?: string; error?: string }
				if (!response.ok || !body.text) {
					const error = new Error(body.error ?? `HTTP ${response.status}`)
					// A cough or a door the detector took for speech: nothing to tell the visitor.
					if (response.status === 422) error.name = 'NoSpeech'
					throw error
				}
				text = body.text
			} else text = input.text
			on.onTranscript(text)
			const reply = await ask()(text, on.onDelta)
			return { text, reply, serverMs: null }
		},
		fetchSpeech: speech ? (text, signal) => speech.fetch(text, signal) : null,
	}
}

/**
 * Riya's sentences in the server's voice (POST /api/chat/speech, ADR 0059), each with the ticket
 * for the reply that holds it; null (the browser's voice says it) when the server has no speech
 * endpoint, refuses, or fails.
 */
function serverSpeech(tickets: SpeechTickets) {
	let available = true
	return {
		async fetch(text: string, signal: AbortSignal) {
			if (!available) return null
			const vouched = await tickets.forSentence(signal)
			const response = await fetch('/api/chat/speech', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ text, said: vouched?.said ?? '', ticket: vouched?.ticket ?? '' }),
				signal,
			})
			// No speech endpoint after all: the browser's voice, for good.
			if (response.status === 501 || response.status === 404) available = false
			if (!response.ok) return null
			return response.blob()
		},
	}
}

export function useVoiceChat({
	enabled,
	ask,
	onNotice,
	onActiveChange,
}: {
	enabled: boolean
	/** Sends a finished turn as the visitor's message and streams Riya's reply. */
	ask: AskRiya
	/** Something to tell the visitor in the conversation (permission denied, unsupported). */
	onNotice: (text: string) => void
	/** Voice started or stopped for good. */
	onActiveChange: (active: boolean) => void
}) {
	const engineRef = useRef<TurnEngine | null>(null)
	const streamRef = useRef<MediaStream | null>(null)
	const recognitionRef = useRef<SpeechRecognitionLike | null>(null)
	const [active, setActive] = useState(false)
	const [starting, setStarting] = useState(false)
	const [preparing, setPreparing] = useState(false)
	const [enginePhase, setEnginePhase] = useState<TurnPhase>('idle')
	/** Listening hands-free (the detector) rather than through the browser's recognizer. */
	const [handsFree, setHandsFree] = useState(false)
	/** What the recognizer has heard of the current sentence, before it is sent. */
	const [heard, setHeard] = useState('')
	const activeRef = useRef(false)
	const speakingRef = useRef(false)
	const timers = useRef(new Set<number>())
	const pending = useRef('')
	const callbacks = useRef({ ask, onNotice, onActiveChange })
	callbacks.current = { ask, onNotice, onActiveChange }

	const later = useCallback((fn: () => void, ms: number) => {
		const id = window.setTimeout(() => {
			timers.current.delete(id)
			fn()
		}, ms)
		timers.current.add(id)
		return id
	}, [])

	/** The browser's recognizer, (re)started unless Riya is talking. */
	const listen = useCallback(() => {
		if (!activeRef.current || speakingRef.current) return
		try {
			recognitionRef.current?.start()
		} catch {
			// Already started: nothing to do.
		}
	}, [])

	const stop = useCallback(() => {
		const wasActive = activeRef.current
		activeRef.current = false
		for (const id of timers.current) window.clearTimeout(id)
		timers.current.clear()
		recognitionRef.current?.abort()
		recognitionRef.current = null
		void engineRef.current?.destroy()
		engineRef.current = null
		for (const track of streamRef.current?.getTracks() ?? []) track.stop()
		streamRef.current = null
		if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel()
		setActive(false)
		setStarting(false)
		setPreparing(false)
		setHandsFree(false)
		setEnginePhase('idle')
		setHeard('')
		if (wasActive) callbacks.current.onActiveChange(false)
	}, [])

	const tickets = useRef(new SpeechTickets())
	const newEngine = useCallback(
		(recognizer: boolean, speech: boolean) =>
			new TurnEngine({
				lang: SPEECH_LANG,
				transport: siteTransport(() => callbacks.current.ask, speech ? serverSpeech(tickets.current) : null),
				spoken: (sentence) => spokenText(sentence, 'en'),
				onPhase: (phase) => {
					setEnginePhase(phase)
					if (!recognizer) return
					// Not listening while Riya talks, so she does not answer herself.
					if (phase === 'speaking') {
						speakingRef.current = true
						setHeard('')
						recognitionRef.current?.abort()
					} else if (speakingRef.current) {
						speakingRef.current = false
						later(listen, VOICE_RESTART_AFTER_END_MS)
					}
				},
				// The conversation shows both (the dialog's chat); nothing more to show here.
				onCallerText: () => {},
				onReplyText: () => {},
				onTimings: () => {},
				onError: (error) => {
					if (!activeRef.current || error.name === 'NoSpeech') return
					console.error('Voice chat: the turn failed:', error)
					callbacks.current.onNotice(error.message)
				},
			}),
		[later, listen],
	)

	/** The spec's recognizer: continuous, interim results shown, a final result sent 0.5 s later. */
	const startRecognizer = useCallback(
		(Constructor: new () => SpeechRecognitionLike) => {
			const recognition = new Constructor()
			recognition.continuous = true
			recognition.interimResults = true
			recognition.lang = SPEECH_LANG
			recognition.onresult = (event) => {
				for (let i = event.resultIndex; i < event.results.length; i++) {
					const result = event.results[i]
					if (!result.isFinal) {
						setHeard(`${pending.current} ${result[0].transcript}`.trim())
						continue
					}
					pending.current = `${pending.current} ${result[0].transcript}`.trim()
					for (const id of timers.current) window.clearTimeout(id)
					timers.current.clear()
					setHeard(pending.current)
					const endedAt = performance.now()
					later(() => {
						const text = pending.current
						pending.current = ''
						setHeard('')
						if (text) void engineRef.current?.send({ text }, endedAt)
					}, VOICE_SEND_DELAY_MS)
				}
			}
			recognition.onend = () => {
				if (activeRef.current && !speakingRef.current) later(listen, VOICE_RESTART_AFTER_END_MS)
			}
			recognition.onerror = (event) => {
				if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
					callbacks.current.onNotice(MIC_DENIED_MESSAGE)
					return stop()
				}
				if (activeRef.current && !speakingRef.current && event.error !== 'aborted')
					later(listen, VOICE_RESTART_AFTER_ERROR_MS)
			}
			recognitionRef.current = recognition
			// Listening starts when the greeting ends (the engine's phase leaves "speaking").
			if (!speakingRef.current) later(listen, VOICE_RESTART_AFTER_END_MS)
		},
		[later, listen, stop],
	)

	const start = useCallback(
		async (greeting: string) => {
			if (activeRef.current) return
			activeRef.current = true
			setActive(true)
			setStarting(true)
			const { transcription, speech, greeting: greetingTicket } = await serverVoice()
			// The greeting is spoken under its own ticket, as every reply is (ADR 0074).
			if (greetingTicket) tickets.current.event({ kind: 'ticket', ...greetingTicket })
			const Recognizer = speechRecognitionConstructor()
			const fail = (message: string) => {
				stop()
				callbacks.current.onNotice(message)
			}
			if (!transcription && (!Recognizer || !('speechSynthesis' in window))) return fail(VOICE_UNSUPPORTED_MESSAGE)
			let stream: MediaStream
			try {
				stream = await navigator.mediaDevices.getUserMedia({
					audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
				})
			} catch {
				return fail(MIC_DENIED_MESSAGE)
			}
			if (!activeRef.current) {
				for (const track of stream.getTracks()) track.stop()
				return
			}
			callbacks.current.onActiveChange(true)
			setStarting(false)
			if (!transcription) {
				// Permission only: the recognizer opens the microphone itself.
				for (const track of stream.getTracks()) track.stop()
				const engine = newEngine(true, speech)
				engineRef.current = engine
				engine.say(greeting)
				return startRecognizer(Recognizer!)
			}
			streamRef.current = stream
			const engine = newEngine(false, speech)
			engineRef.current = engine
			engine.say(greeting)
			setPreparing(true)
			try {
				await engine.listen(stream)
				if (activeRef.current) setHandsFree(true)
			} catch (error) {
				if (!activeRef.current) return
				console.error('Voice chat: hands-free listening could not start:', error)
				for (const track of stream.getTracks()) track.stop()
				streamRef.current = null
				if (!Recognizer) return fail(HANDS_FREE_FAILED_MESSAGE)
				// The browser's recognizer instead, as on a server without speech-to-text.
				void engine.destroy()
				const fallback = newEngine(true, speech)
				engineRef.current = fallback
				startRecognizer(Recognizer)
			} finally {
				setPreparing(false)
			}
		},
		[newEngine, startRecognizer, stop],
	)

	useEffect(() => {
		if (!enabled && activeRef.current) stop()
	}, [enabled, stop])
	useEffect(() => stop, [stop])

	const phase: VoicePhase = !active
		? 'off'
		: starting
			? 'starting'
			: preparing && enginePhase !== 'speaking'
				? 'preparing'
				: enginePhase === 'idle'
					? 'listening'
					: enginePhase

	const speechEvent = useCallback((event: SpeechEvent) => tickets.current.event(event), [])

	return {
		start,
		stop,
		/** What the chat's stream says about a reply (its speech tickets for the server's voice). */
		speechEvent,
		phase,
		heard,
		handsFree,
		/** A typed message in voice mode: asked through the engine, so the reply is spoken (and can be talked over). */
		send: (text: string) => {
			if (!engineRef.current) return false
			void engineRef.current.send({ text })
			return true
		},
	}
}
