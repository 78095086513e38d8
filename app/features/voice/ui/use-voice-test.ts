// The voice test in the browser (spec section 4, issue 32): the microphone (44.1 kHz, echo
// cancellation and noise suppression), the real voice API, and the reply spoken in the agent's
// language, through the shared turn engine (app/lib/voice/turn-engine.ts, ADR 0052). Two ways to
// talk: hands-free (the engine hears when you start and stop; talking over the assistant stops it)
// and the spec's hold-to-talk. Without a speech-to-text provider on the server, the browser's own
// speech recognition stands in (hold-to-talk) where it can work; typing always works.
import { useCallback, useEffect, useRef, useState } from 'react'
import { spokenText } from '~/ai/spoken-text.ts'
import { languages } from '~/ai/voice-languages.ts'
import { showToast } from '~/components/toast-message.tsx'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import {
	browserRecognitionLikelyWorks,
	hasVoiceFor,
	speechRecognitionConstructor,
	type SpeechRecognitionLike,
} from '~/lib/browser-speech.ts'
import { END_OF_TURN_DEFAULT_MS, endOfTurnPause } from '~/lib/voice/end-of-turn.ts'
import type { HeardBy } from '~/lib/voice/heard-by.ts'
import { TurnEngine, type LiveTimings, type TurnPhase } from '~/lib/voice/turn-engine.ts'
import { voiceChatTransport, type VoiceTurnSource } from './voice-chat-transport.ts'
import { micProblem } from './voice-providers.ts'

const { toasts } = voicebotBuilder

/**
 * What the test is doing, as its status line says it: not started, starting, the hands-free
 * detector loading, ready for the held button, listening hands-free, hearing the caller, recording
 * a held turn, waiting for the reply, speaking it.
 */
export type VoicePhase =
	| 'idle'
	| 'connecting'
	| 'preparing'
	| 'ready'
	| 'listening'
	| 'hearing'
	| 'recording'
	| 'thinking'
	| 'speaking'
export type VoiceTurn = { id: string; role: 'user' | 'assistant'; text: string; sources?: VoiceTurnSource[] }
export type VoiceTestAgent = { id: string; name: string; language: string }
export type TalkMode = 'hands-free' | 'hold'
/** A reply's latency, and whether its turn was typed (its figures then count from the sending). */
export type TurnFigures = LiveTimings & { typed: boolean; heardBy: HeardBy }

function recorderMimeType() {
	for (const type of ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus']) {
		if (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)) return type
	}
	return ''
}

/** Recognition errors that will happen again on every try: stop offering the microphone. */
const UNRECOVERABLE_RECOGNITION_ERRORS = new Set([
	'network',
	'not-allowed',
	'service-not-allowed',
	'audio-capture',
	'language-not-supported',
])

const PAUSE_KEY = 'voice-test-pause-ms'

export function useVoiceTest(
	agent: VoiceTestAgent,
	{ transcription, serverSpeech }: { transcription: boolean; serverSpeech: boolean },
) {
	const [connected, setConnected] = useState(false)
	const [starting, setStarting] = useState(false)
	const [engineState, setEngineState] = useState<TurnPhase>('idle')
	const [recording, setRecording] = useState(false)
	const [preparing, setPreparing] = useState(false)
	const [turns, setTurns] = useState<VoiceTurn[]>([])
	const [timings, setTimings] = useState<Record<string, TurnFigures>>({})
	// Hands-free needs the server's speech-to-text (the detector hands over audio, not words).
	const [mode, setModeState] = useState<TalkMode>(transcription ? 'hands-free' : 'hold')
	const [pauseMs, setPauseState] = useState(END_OF_TURN_DEFAULT_MS)
	const engine = useRef<TurnEngine | null>(null)
	const stream = useRef<MediaStream | null>(null)
	const recorder = useRef<MediaRecorder | null>(null)
	const recognition = useRef<SpeechRecognitionLike | null>(null)
	const conversation = useRef<string | null>(null)
	const speechLang = languages.find((l) => l.code === agent.language)?.speech ?? 'en-US'
	// A browser may offer recognition that cannot work (Chromium without Google's service answers
	// "network"): it is not offered up front, and after such an error the test says speaking is
	// unavailable and offers the text box.
	const [recognitionBroken, setRecognitionBroken] = useState(false)
	/** Why getUserMedia failed (its error's name), or null. */
	const [micError, setMicError] = useState<string | null>(null)
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => {
		setHydrated(true)
		const stored = window.localStorage.getItem(PAUSE_KEY)
		if (stored) setPauseState(endOfTurnPause(stored))
	}, [])
	const browserRecognition = !transcription && !recognitionBroken && hydrated && browserRecognitionLikelyWorks()
	const problem = hydrated ? micProblem({ micError, transcription, browserRecognition }) : null
	// Without a speech server the browser speaks: only if it has a voice for the assistant's language
	// (none, and the replies are shown as text, never read by a voice of another language).
	const [browserVoice, setBrowserVoice] = useState<boolean | null>(null)
	const speaksInBrowser = useRef(true)
	useEffect(() => {
		if (serverSpeech) return
		let current = true
		void hasVoiceFor(speechLang).then((found) => {
			if (!current) return
			speaksInBrowser.current = found
			setBrowserVoice(found)
		})
		return () => {
			current = false
		}
	}, [serverSpeech, speechLang])

	const phase: VoicePhase = !connected
		? starting
			? 'connecting'
			: 'idle'
		: recording
			? 'recording'
			: engineState === 'idle'
				? preparing
					? 'preparing'
					: mode === 'hands-free' && engine.current?.listeningHandsFree
						? 'listening'
						: 'ready'
				: engineState

	const upsertTurn = useCallback((id: string, role: VoiceTurn['role'], text: string) => {
		setTurns((current) => {
			const key = `${id}:${role}`
			const at = current.findIndex((t) => t.id === key)
			if (at < 0) {
				// The caller's words go before the reply of the same turn, whichever arrives first.
				if (role === 'user') {
					const replyAt = current.findIndex((t) => t.id === `${id}:assistant`)
					if (replyAt >= 0) return [...current.slice(0, replyAt), { id: key, role, text }, ...current.slice(replyAt)]
				}
				return [...current, { id: key, role, text }]
			}
			const next = [...current]
			next[at] = { ...current[at], text }
			return next
		})
	}, [])
	// The transcript shows a reply as written, with the passages it cites; the voice says it without them.
	const setSources = useCallback((id: string, sources: VoiceTurnSource[]) => {
		setTurns((current) => current.map((turn) => (turn.id === `${id}:assistant` ? { ...turn, sources } : turn)))
	}, [])

	const release = useCallback(
		(notify: boolean) => {
			if (recorder.current?.state === 'recording') recorder.current.stop()
			recorder.current = null
			recognition.current?.abort()
			recognition.current = null
			void engine.current?.destroy()
			engine.current = null
			if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel()
			for (const track of stream.current?.getTracks() ?? []) track.stop()
			stream.current = null
			const id = conversation.current
			conversation.current = null
			if (id) {
				void fetch('/api/voice-chat/end', {
					method: 'POST',
					keepalive: true,
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ agent_id: agent.id, conversation_id: id }),
				}).catch(() => {})
				if (notify) showToast({ type: 'message', ...toasts.disconnected })
			}
		},
		[agent.id],
	)

	// Closing the dialog ends the call: tracks stopped, speech cancelled, the call log completed.
	useEffect(() => () => release(false), [release])
	// Closing the tab or leaving the page ends the call too (React does not unmount then): a beacon
	// outlives the page, so the dashboard does not show a call in progress that nobody is on.
	useEffect(() => {
		const leave = () => {
			const id = conversation.current
			if (!id) return
			conversation.current = null
			navigator.sendBeacon(
				'/api/voice-chat/end',
				new Blob([JSON.stringify({ agent_id: agent.id, conversation_id: id })], { type: 'application/json' }),
			)
		}
		window.addEventListener('pagehide', leave)
		return () => window.removeEventListener('pagehide', leave)
	}, [agent.id])

	function newEngine() {
		return new TurnEngine({
			lang: speechLang,
			pauseMs,
			transport: voiceChatTransport({
				agentId: agent.id,
				conversationId: () => conversation.current,
				onSources: setSources,
				serverSpeech,
			}),
			spoken: (sentence) => (serverSpeech || speaksInBrowser.current ? spokenText(sentence, agent.language) : ''),
			onPhase: setEngineState,
			onCallerText: (id, text) => upsertTurn(id, 'user', text),
			onReplyText: (id, text) => upsertTurn(id, 'assistant', text),
			onTimings: (id, figures, { typed, heardBy }) =>
				setTimings((current) => ({ ...current, [`${id}:assistant`]: { ...figures, typed, heardBy } })),
			onError: (error) => {
				console.error('Voice test: the message failed:', error)
				showToast({
					type: 'error',
					...toasts.processing,
					description: `${toasts.processing.description}. ${error.message}`,
				})
			},
		})
	}

	/** Hands-free listening on the open microphone; on failure, hold-to-talk (and the toast says why). */
	async function listenHandsFree() {
		const current = engine.current
		if (!current || !stream.current) return
		setPreparing(true)
		try {
			await current.listen(stream.current)
		} catch (error) {
			console.error('Voice test: hands-free listening could not start:', error)
			showToast({ type: 'error', ...toasts.handsFreeFailed })
			setModeState('hold')
		} finally {
			setPreparing(false)
		}
	}

	async function start() {
		if (connected || starting) return
		setStarting(true)
		try {
			stream.current = await navigator.mediaDevices.getUserMedia({
				audio: { sampleRate: 44_100, echoCancellation: true, noiseSuppression: true },
			})
			setMicError(null)
		} catch (error) {
			// The spec's message; the conversation still starts, to be typed (no microphone, or it was
			// refused: the panel says which, and what to do).
			showToast({ type: 'error', title: toasts.microphone.description })
			stream.current = null
			setMicError(error instanceof Error ? error.name || 'Error' : 'Error')
			setModeState('hold')
		}
		try {
			const response = await fetch('/api/voice-chat/start', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ agent_id: agent.id }),
			})
			const body = (await response.json()) as { conversation_id?: string; first_message?: string; error?: string }
			if (!response.ok || !body.conversation_id) throw new Error(body.error ?? `HTTP ${response.status}`)
			conversation.current = body.conversation_id
			engine.current = newEngine()
			setConnected(true)
			showToast({ type: 'success', title: toasts.connected })
			upsertTurn('greeting', 'assistant', body.first_message ?? '')
			engine.current.say(body.first_message ?? '')
			if (mode === 'hands-free' && transcription && stream.current) await listenHandsFree()
		} catch (error) {
			release(false)
			setConnected(false)
			showToast({ type: 'error', title: 'Could not start the conversation', description: (error as Error).message })
		} finally {
			setStarting(false)
		}
	}

	function setMode(next: TalkMode) {
		if (next === mode) return
		setModeState(next)
		if (!engine.current) return
		if (next === 'hold') void engine.current.stopListening()
		else void listenHandsFree()
	}

	function setPause(ms: number) {
		const clean = endOfTurnPause(ms)
		setPauseState(clean)
		engine.current?.setPause(clean)
		try {
			window.localStorage.setItem(PAUSE_KEY, String(clean))
		} catch {
			// Private mode: the setting lasts for this page only.
		}
	}

	function pressMic() {
		// Nothing can hear the caller: the panel already says why (no second toast for a dead button).
		if (!engine.current || recording || mode !== 'hold' || problem) return
		// Holding the button is talking over the assistant: it stops.
		engine.current.interrupt()
		if (!transcription) {
			const Constructor = speechRecognitionConstructor()
			if (!Constructor)
				return showToast({
					type: 'error',
					...toasts.recording,
					description: 'Speech recognition is not available in this browser. Type your message instead.',
				})
			const heard: string[] = []
			const r = new Constructor()
			r.lang = speechLang
			r.interimResults = false
			r.continuous = true
			let endedAt = 0
			r.onresult = (event) => {
				heard.length = 0
				for (const result of Array.from(event.results)) heard.push(result[0].transcript)
			}
			r.onend = () => {
				recognition.current = null
				setRecording(false)
				const text = heard.join(' ').trim()
				if (text) void engine.current?.send({ text, heardBy: 'browser' }, endedAt || performance.now())
			}
			r.onerror = (event) => {
				if (event.error === 'no-speech' || event.error === 'aborted') {
					showToast({ type: 'message', title: 'Hold the button while you speak.' })
					return
				}
				if (UNRECOVERABLE_RECOGNITION_ERRORS.has(event.error)) {
					setRecognitionBroken(true)
					showToast({ type: 'error', ...toasts.speechUnavailable })
					return
				}
				showToast({ type: 'error', ...toasts.processing })
			}
			try {
				r.start()
			} catch {
				return showToast({ type: 'error', ...toasts.recording })
			}
			const stop = r.stop.bind(r)
			r.stop = () => {
				endedAt = performance.now()
				stop()
			}
			recognition.current = r
			return setRecording(true)
		}
		try {
			const mimeType = recorderMimeType()
			const r = new MediaRecorder(stream.current!, mimeType ? { mimeType } : undefined)
			const chunks: Blob[] = []
			r.ondataavailable = (event) => {
				if (event.data.size > 0) chunks.push(event.data)
			}
			const startedAt = performance.now()
			r.onstop = () => {
				const endedAt = performance.now()
				const audio = new Blob(chunks, { type: r.mimeType || 'audio/webm' })
				if (audio.size < 500 || endedAt - startedAt < 200) {
					showToast({ type: 'message', title: 'Hold the button while you speak.' })
					return
				}
				void engine.current?.send({ audio }, endedAt)
			}
			r.start()
			recorder.current = r
			setRecording(true)
		} catch (error) {
			console.error('Voice test: recording could not start:', error)
			showToast({ type: 'error', ...toasts.recording })
		}
	}

	function releaseMic() {
		if (!recording) return
		if (recorder.current?.state === 'recording') {
			recorder.current.stop()
			recorder.current = null
			setRecording(false)
		} else recognition.current?.stop()
	}

	return {
		phase,
		turns,
		timings,
		mode,
		pauseMs,
		browserRecognition,
		/** Whether this browser has a voice for the assistant's language; null while it is not known. */
		browserVoice,
		/** Why the microphone cannot be used (the conversation is typed), or null. */
		problem,
		start: () => void start(),
		end: () => {
			release(true)
			setConnected(false)
			setRecording(false)
			setEngineState('idle')
		},
		setMode,
		setPause,
		pressMic,
		releaseMic,
		sendText: (text: string) => {
			const clean = text.trim()
			if (!clean || !engine.current || phase === 'thinking' || phase === 'recording') return false
			void engine.current.send({ text: clean })
			return true
		},
	}
}
