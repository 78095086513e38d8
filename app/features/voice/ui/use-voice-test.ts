// The voice test in the browser (spec section 4): microphone, hold-to-talk recording (WebM/Opus,
// 44.1 kHz, echo cancellation and noise suppression), the real voice API, and the reply spoken in
// the agent's language. Without a speech-to-text provider on the server, the browser's own speech
// recognition stands in where it exists; typing always works.
import { useCallback, useEffect, useRef, useState } from 'react'
import { showToast } from '~/components/toast-message.tsx'
import { languages } from '~/features/voice/catalog.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { speechRecognitionConstructor, spokenUtterance, type SpeechRecognitionLike } from '~/lib/browser-speech.ts'

const { toasts } = voicebotBuilder

export type VoicePhase = 'idle' | 'connecting' | 'listening' | 'speaking' | 'recording' | 'thinking'
/** A passage a reply cites as "[number]" (the voice API's `sources`). */
type VoiceTurnSource = { number: number; title: string | null; url: string | null }
export type VoiceTurn = { id: number; role: 'user' | 'assistant'; text: string; sources?: VoiceTurnSource[] }
export type VoiceTestAgent = { id: string; name: string; language: string }

function recorderMimeType() {
	for (const type of ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus']) {
		if (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)) return type
	}
	return ''
}

/** Speaks and resolves when done, or after a generous estimate when the browser never says so. */
function speak(text: string, lang: string) {
	return new Promise<void>((resolve) => {
		if (typeof speechSynthesis === 'undefined') return resolve()
		speechSynthesis.cancel()
		const utterance = spokenUtterance(text, lang)
		let finished = false
		const finish = () => {
			if (finished) return
			finished = true
			clearTimeout(fallback)
			resolve()
		}
		const fallback = setTimeout(finish, Math.min(15_000, 800 + text.length * 70))
		utterance.onend = finish
		utterance.onerror = finish
		speechSynthesis.speak(utterance)
	})
}

/** Recognition errors that will happen again on every try: stop offering the microphone. */
const UNRECOVERABLE_RECOGNITION_ERRORS = new Set([
	'network',
	'not-allowed',
	'service-not-allowed',
	'audio-capture',
	'language-not-supported',
])

export function useVoiceTest(agent: VoiceTestAgent, { transcription }: { transcription: boolean }) {
	const [phase, setPhaseState] = useState<VoicePhase>('idle')
	const [turns, setTurns] = useState<VoiceTurn[]>([])
	const phaseRef = useRef<VoicePhase>('idle')
	const stream = useRef<MediaStream | null>(null)
	const recorder = useRef<MediaRecorder | null>(null)
	const recognition = useRef<SpeechRecognitionLike | null>(null)
	const conversation = useRef<string | null>(null)
	const nextTurn = useRef(0)
	const speechLang = languages.find((l) => l.code === agent.language)?.speech ?? 'en-US'
	// A browser may offer recognition that cannot work (Chromium without Google's service answers
	// "network"): after such an error the test says speaking is unavailable and offers the text box.
	const [recognitionBroken, setRecognitionBroken] = useState(false)
	const [micBlocked, setMicBlocked] = useState(false)
	const browserRecognition =
		!transcription && !recognitionBroken && typeof window !== 'undefined' && speechRecognitionConstructor() !== null

	const setPhase = (next: VoicePhase) => {
		phaseRef.current = next
		setPhaseState(next)
	}
	const addTurn = (role: VoiceTurn['role'], text: string, sources: VoiceTurnSource[] = []) =>
		setTurns((current) => [...current, { id: nextTurn.current++, role, text, sources }])

	async function say(text: string) {
		setPhase('speaking')
		await speak(text, speechLang)
		if (conversation.current && phaseRef.current === 'speaking') setPhase('listening')
	}

	const release = useCallback(
		(notify: boolean) => {
			if (recorder.current?.state === 'recording') recorder.current.stop()
			recorder.current = null
			recognition.current?.abort()
			recognition.current = null
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
				if (notify) showToast({ type: 'message', title: toasts.disconnected })
			}
			phaseRef.current = 'idle'
		},
		[agent.id],
	)

	// Closing the dialog ends the call: tracks stopped, speech cancelled, the call log completed.
	useEffect(() => () => release(false), [release])

	async function start() {
		if (phaseRef.current !== 'idle') return
		setPhase('connecting')
		try {
			stream.current = await navigator.mediaDevices.getUserMedia({
				audio: { sampleRate: 44_100, echoCancellation: true, noiseSuppression: true },
			})
		} catch {
			// The spec's message; the conversation still starts, to be typed (no microphone, or it was refused).
			showToast({ type: 'error', title: toasts.microphone.description })
			stream.current = null
			setMicBlocked(true)
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
			showToast({ type: 'success', title: toasts.connected })
			addTurn('assistant', body.first_message ?? '')
			await say(body.first_message ?? '')
		} catch (error) {
			release(false)
			setPhase('idle')
			showToast({ type: 'error', title: 'Could not start the conversation', description: (error as Error).message })
		}
	}

	async function send(input: { audio: Blob } | { text: string }) {
		const id = conversation.current
		if (!id) return
		setPhase('thinking')
		const form = new FormData()
		form.set('agent_id', agent.id)
		form.set('conversation_id', id)
		form.set('message_id', crypto.randomUUID())
		if ('audio' in input)
			form.set('audio', input.audio, input.audio.type.includes('ogg') ? 'speech.ogg' : 'speech.webm')
		else form.set('text', input.text)
		try {
			const response = await fetch('/api/voice-chat/message', { method: 'POST', body: form })
			const body = (await response.json()) as {
				text?: string
				reply?: string
				spoken?: string
				sources?: VoiceTurnSource[]
				error?: string
			}
			if (!response.ok || !body.reply) throw new Error(body.error ?? `HTTP ${response.status}`)
			addTurn('user', body.text ?? '')
			// The transcript shows the reply as written, with its sources; the voice says it for listening.
			addTurn('assistant', body.reply, body.sources)
			await say(body.spoken || body.reply)
		} catch (error) {
			console.error('Voice test: the message failed:', error)
			showToast({
				type: 'error',
				...toasts.processing,
				description: `${toasts.processing.description}. ${(error as Error).message}`,
			})
			if (conversation.current) setPhase('listening')
		}
	}

	function pressMic() {
		if (phaseRef.current !== 'listening' && phaseRef.current !== 'speaking') return
		if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel()
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
			r.onresult = (event) => {
				heard.length = 0
				for (const result of Array.from(event.results)) heard.push(result[0].transcript)
			}
			r.onend = () => {
				recognition.current = null
				const text = heard.join(' ').trim()
				if (text) void send({ text })
				else if (conversation.current) setPhase('listening')
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
			recognition.current = r
			return setPhase('recording')
		}
		try {
			const mimeType = recorderMimeType()
			const r = new MediaRecorder(stream.current!, mimeType ? { mimeType } : undefined)
			const chunks: Blob[] = []
			r.ondataavailable = (event) => {
				if (event.data.size > 0) chunks.push(event.data)
			}
			r.onstop = () => {
				const audio = new Blob(chunks, { type: r.mimeType || 'audio/webm' })
				if (audio.size < 500) {
					showToast({ type: 'message', title: 'Hold the button while you speak.' })
					if (conversation.current) setPhase('listening')
					return
				}
				void send({ audio })
			}
			r.start()
			recorder.current = r
			setPhase('recording')
		} catch (error) {
			console.error('Voice test: recording could not start:', error)
			showToast({ type: 'error', ...toasts.recording })
		}
	}

	function releaseMic() {
		if (phaseRef.current !== 'recording') return
		if (recorder.current?.state === 'recording') {
			recorder.current.stop()
			recorder.current = null
			setPhase('thinking')
		} else recognition.current?.stop()
	}

	return {
		phase,
		turns,
		browserRecognition,
		/** The microphone could not be opened: the conversation is typed. */
		micBlocked,
		start: () => void start(),
		end: () => {
			release(true)
			setPhase('idle')
		},
		pressMic,
		releaseMic,
		sendText: (text: string) => {
			const clean = text.trim()
			if (!clean || !conversation.current || phaseRef.current === 'thinking' || phaseRef.current === 'recording')
				return false
			if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel()
			void send({ text: clean })
			return true
		},
	}
}
