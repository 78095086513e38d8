// The widget's voice variant (spec section 4): microphone permission, the greeting spoken, then
// continuous listening; a final result is sent 0.5 s later; recognition restarts 100 ms after it
// ends and 1 s after an error; replies are spoken (en-US, rate 0.85, pitch 1.1, volume 0.9, a
// female-sounding voice where the browser has one).
import { useCallback, useEffect, useRef, useState } from 'react'
import { speechRecognitionConstructor, spokenUtterance, type SpeechRecognitionLike } from '~/lib/browser-speech.ts'

const VOICE_SEND_DELAY_MS = 500
const VOICE_RESTART_AFTER_END_MS = 100
const VOICE_RESTART_AFTER_ERROR_MS = 1000
const SPEECH_LANG = 'en-US'

const MIC_DENIED_MESSAGE = 'Please allow microphone access to use voice features. You can still type your messages.'
const VOICE_UNSUPPORTED_MESSAGE =
	'Voice chat needs speech recognition, which this browser does not offer (try Chrome or Edge). You can still type your messages.'

/** What the voice mode is doing, shown to the visitor: nothing, Riya talking, or the microphone open. */
export type VoicePhase = 'off' | 'speaking' | 'listening'

export function useVoiceChat({
	enabled,
	onTranscript,
	onNotice,
	onActiveChange,
}: {
	enabled: boolean
	/** A finished utterance, to send as the visitor's message. */
	onTranscript: (text: string) => void
	/** Something to tell the visitor in the conversation (permission denied, unsupported). */
	onNotice: (text: string) => void
	/** Listening started or stopped for good. */
	onActiveChange: (active: boolean) => void
}) {
	const recognitionRef = useRef<SpeechRecognitionLike | null>(null)
	const [phase, setPhase] = useState<VoicePhase>('off')
	/** What the microphone has heard of the current sentence, before it is sent. */
	const [heard, setHeard] = useState('')
	const activeRef = useRef(false)
	const speakingRef = useRef(false)
	const timers = useRef(new Set<number>())
	const pending = useRef('')
	const callbacks = useRef({ onTranscript, onNotice, onActiveChange })
	callbacks.current = { onTranscript, onNotice, onActiveChange }

	const later = useCallback((fn: () => void, ms: number) => {
		const id = window.setTimeout(() => {
			timers.current.delete(id)
			fn()
		}, ms)
		timers.current.add(id)
		return id
	}, [])

	const listen = useCallback(() => {
		if (!activeRef.current || speakingRef.current) return
		try {
			recognitionRef.current?.start()
		} catch {
			// Already started: nothing to do.
		}
	}, [])

	const speak = useCallback(
		(text: string) => {
			if (!activeRef.current || !text) return
			const utterance = spokenUtterance(text, SPEECH_LANG)
			// Not listening while Riya talks, so she does not answer herself.
			speakingRef.current = true
			setPhase('speaking')
			setHeard('')
			recognitionRef.current?.abort()
			utterance.onend = utterance.onerror = () => {
				speakingRef.current = false
				if (activeRef.current) setPhase('listening')
				later(listen, VOICE_RESTART_AFTER_END_MS)
			}
			window.speechSynthesis.cancel()
			window.speechSynthesis.speak(utterance)
		},
		[later, listen],
	)

	const stop = useCallback(() => {
		activeRef.current = false
		for (const id of timers.current) window.clearTimeout(id)
		timers.current.clear()
		recognitionRef.current?.abort()
		recognitionRef.current = null
		if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel()
		setPhase('off')
		setHeard('')
		callbacks.current.onActiveChange(false)
	}, [])

	const start = useCallback(
		async (greeting: string) => {
			const Constructor = speechRecognitionConstructor()
			if (!Constructor || !('speechSynthesis' in window)) {
				callbacks.current.onNotice(VOICE_UNSUPPORTED_MESSAGE)
				return callbacks.current.onActiveChange(false)
			}
			try {
				const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
				for (const track of stream.getTracks()) track.stop() // permission only; recognition opens its own
			} catch {
				callbacks.current.onNotice(MIC_DENIED_MESSAGE)
				return callbacks.current.onActiveChange(false)
			}
			const recognition = new Constructor()
			recognition.continuous = true
			recognition.interimResults = true
			recognition.lang = SPEECH_LANG
			recognition.onstart = () => {
				if (activeRef.current && !speakingRef.current) setPhase('listening')
			}
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
					later(() => {
						const text = pending.current
						pending.current = ''
						setHeard('')
						if (text) callbacks.current.onTranscript(text)
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
			activeRef.current = true
			callbacks.current.onActiveChange(true)
			speak(greeting) // listening starts when the greeting ends
		},
		[later, listen, speak, stop],
	)

	useEffect(() => {
		if (!enabled && activeRef.current) stop()
	}, [enabled, stop])
	useEffect(() => stop, [stop])

	return { start, stop, speak, phase, heard }
}
