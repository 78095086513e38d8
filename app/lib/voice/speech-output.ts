// The assistant's voice, one sentence at a time (issue 32): each sentence's audio is fetched from the
// server's speech endpoint while the one before it plays (one sentence ahead), and when the server
// has no speech endpoint the browser's own voice speaks instead, in the agent's language with the
// spec's rate, pitch and volume. stop() silences everything at once (barge-in, ADR 0052).
import { spokenUtterance } from '~/lib/browser-speech.ts'

/** Audio for a sentence, or null when the server has none to give (the browser's voice speaks it). */
export type FetchSpeech = (text: string, signal: AbortSignal) => Promise<Blob | null>

type Item = { text: string; audio: Promise<Blob | null> | null }

export class SpeechOutput {
	private queue: Item[] = []
	private generation = 0
	private playing = false
	private abort = new AbortController()
	private finishCurrent: (() => void) | null = null
	private context: AudioContext | null = null
	private source: AudioBufferSourceNode | null = null

	/** Frees the audio output (the call ended). */
	close() {
		this.stop()
		void this.context?.close().catch(() => {})
		this.context = null
	}

	constructor(
		private readonly options: {
			lang: string
			fetchSpeech: FetchSpeech | null
			/** A sentence started playing (its audio, or the browser's voice). */
			onPlaying: () => void
			/** Nothing left to say. */
			onIdle: () => void
		},
	) {}

	get active() {
		return this.playing || this.queue.length > 0
	}

	say(text: string) {
		const clean = text.trim()
		if (!clean) return
		const item: Item = { text: clean, audio: null }
		this.queue.push(item)
		// Fetched now if it is next or the one after (prefetch); later ones when their turn nears.
		if (this.queue.length <= (this.playing ? 1 : 2)) this.fetch(item)
		if (!this.playing) void this.playNext()
	}

	/** Silences the voice at once and forgets what was still to be said; returns when (performance.now()). */
	stop() {
		this.generation++
		this.queue = []
		this.abort.abort()
		this.abort = new AbortController()
		if (this.source) {
			this.source.onended = null
			this.source.stop()
			this.source = null
		}
		if (typeof speechSynthesis !== 'undefined') speechSynthesis.cancel()
		const stoppedAt = performance.now()
		this.finishCurrent?.()
		this.finishCurrent = null
		this.playing = false
		return stoppedAt
	}

	private fetch(item: Item) {
		if (item.audio || !this.options.fetchSpeech) return
		item.audio = this.options.fetchSpeech(item.text, this.abort.signal).catch(() => null)
	}

	private async playNext(): Promise<void> {
		const generation = this.generation
		const item = this.queue.shift()
		if (!item) {
			this.playing = false
			this.options.onIdle()
			return
		}
		this.playing = true
		this.fetch(item)
		if (this.queue[0]) this.fetch(this.queue[0])
		const audio = await item.audio
		if (generation !== this.generation) return
		await (audio ? this.playAudio(audio, item.text) : this.speakInBrowser(item.text))
		if (generation !== this.generation) return
		return this.playNext()
	}

	/**
	 * Plays through Web Audio rather than an <audio> element: stopping is immediate and exact, and
	 * no blob: media source has to be allowed by the page's Content-Security-Policy.
	 */
	private async playAudio(blob: Blob, text: string) {
		const generation = this.generation
		this.context ??= new AudioContext()
		const context = this.context
		let buffer: AudioBuffer
		try {
			if (context.state === 'suspended') await context.resume()
			buffer = await context.decodeAudioData(await blob.arrayBuffer())
		} catch {
			// Audio this browser cannot decode: its own voice says the sentence instead.
			return this.speakInBrowser(text)
		}
		if (generation !== this.generation) return
		return new Promise<void>((resolve) => {
			const source = context.createBufferSource()
			source.buffer = buffer
			source.connect(context.destination)
			this.source = source
			const done = () => {
				source.onended = null
				if (this.source === source) this.source = null
				this.finishCurrent = null
				resolve()
			}
			this.finishCurrent = done
			source.onended = done
			source.start()
			this.options.onPlaying()
		})
	}

	/** The browser's voice; resolves when it is done, or after a generous estimate when the browser never says so. */
	private speakInBrowser(text: string) {
		return new Promise<void>((resolve) => {
			if (typeof speechSynthesis === 'undefined') return resolve()
			let finished = false
			const finish = () => {
				if (finished) return
				finished = true
				clearTimeout(fallback)
				this.finishCurrent = null
				resolve()
			}
			this.finishCurrent = finish
			const fallback = setTimeout(finish, Math.min(15_000, 800 + text.length * 70))
			try {
				const utterance = spokenUtterance(text, this.options.lang)
				utterance.onstart = () => this.options.onPlaying()
				utterance.onend = finish
				utterance.onerror = finish
				speechSynthesis.speak(utterance)
			} catch (error) {
				// A voice this browser refuses: the sentence is skipped, and the rest still said.
				console.error('The browser could not speak a sentence:', error)
				finish()
			}
		})
	}
}
