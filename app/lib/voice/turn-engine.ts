// The voice turn engine (issue 32, ADR 0052), shared by the Playground's voice test and the site
// widget's voice variant: it listens hands-free with a voice activity detector (Silero VAD through
// @ricky0123/vad-web, loaded only when hands-free listening starts), ends the caller's turn after a
// tunable pause, sends the utterance, speaks the reply sentence by sentence as it streams in, stops
// speaking the moment the caller talks over it (barge-in), and measures each turn's latency.
// Framework-free: React hooks wrap it. What a turn is sent to is the caller's Transport.
import { endOfTurnPause, isTurn, onSpeechStart, vadFrameOptions, type TurnPhase } from './end-of-turn.ts'
import type { HeardBy } from './heard-by.ts'
import { SentenceSplitter } from './sentences.ts'
import { SpeechOutput, type FetchSpeech } from './speech-output.ts'
import { VAD_ASSET_BASE } from './vad-assets.ts'
import { encodeWav } from './wav.ts'

export type { TurnPhase } from './end-of-turn.ts'

/** A turn's latency as the caller lived it: ms from the end of their speech (or the send of a typed message). */
export type LiveTimings = {
	transcriptMs: number | null
	firstTokenMs: number | null
	firstAudioMs: number | null
	serverMs: number | null
}

/** A text turn says who heard it: the browser's recognizer, or nobody (typed, the default). */
export type TurnInput = { audio: Blob } | { text: string; heardBy?: 'browser' | 'typed' }

export type Transport = {
	/** Sends one turn; calls `onTranscript` and `onDelta` as they arrive; resolves with the whole turn. */
	sendTurn: (
		input: TurnInput & { messageId: string },
		on: { onTranscript: (text: string) => void; onDelta: (text: string) => void },
	) => Promise<{ text: string; reply: string; serverMs: number | null }>
	/** Audio for a sentence from the server's speech endpoint; null → the browser's voice. */
	fetchSpeech: FetchSpeech | null
	/** Keeps a turn's timings once they are complete (first audio played, or the reply ended silent). */
	reportTimings?: (messageId: string, timings: LiveTimings) => void
}

export type EngineEvents = {
	onPhase: (phase: TurnPhase) => void
	/** The caller's words of turn `id` are known. */
	onCallerText: (id: string, text: string) => void
	/** The reply of turn `id` so far. */
	onReplyText: (id: string, text: string) => void
	/**
	 * `typed`: the turn was sent as text with no end of speech given, so its figures count from its
	 * sending; `heardBy`: how its words arrived (the dialog labels the turn by it).
	 */
	onTimings: (id: string, timings: LiveTimings, turn: { typed: boolean; heardBy: HeardBy }) => void
	onError: (error: Error) => void
}

/** Page-side timestamps (performance.now()) a test reads to check barge-in; kept only when the page asks for them. */
type EngineTrace = { speechStarts: number[]; playbackStops: number[]; turnsSent: number }

declare global {
	interface Window {
		/** Set by a test before the page loads: the engine then keeps its trace on window.__voiceEngine. */
		__voiceEngineTrace?: boolean
		__voiceEngine?: EngineTrace
	}
}

type MicVadInstance = {
	start: () => Promise<void>
	pause: () => Promise<void>
	destroy: () => Promise<void>
	setOptions: (o: object) => void
}

type PendingTurn = {
	id: string
	endedAt: number
	typed: boolean
	heardBy: HeardBy
	timings: LiveTimings
	reported: boolean
	spoken: boolean
}

export class TurnEngine {
	private phase: TurnPhase = 'idle'
	private vad: MicVadInstance | null = null
	private readonly output: SpeechOutput
	/** The turn whose reply is being written or spoken (its first audio is still to be timed). */
	private current: PendingTurn | null = null
	/** Replies of turns the caller talked over are not spoken. */
	private turnGeneration = 0
	private handsFree = false
	private pauseMs: number
	private readonly trace: EngineTrace | null

	constructor(
		private readonly options: {
			lang: string
			transport: Transport
			pauseMs?: number
			/**
			 * What a written sentence sounds like (its "[n]" citations and addresses left out, numbers said in
			 * words): the transcript keeps the sentence as written. Empty: nothing to say.
			 */
			spoken?: (sentence: string) => string
		} & EngineEvents,
	) {
		this.pauseMs = endOfTurnPause(options.pauseMs)
		this.output = new SpeechOutput({
			lang: options.lang,
			fetchSpeech: options.transport.fetchSpeech,
			onPlaying: () => this.firstAudio(),
			onIdle: () => {
				this.finishTurnTimings()
				if (this.phase === 'speaking') this.setPhase(this.handsFree ? 'listening' : 'idle')
			},
		})
		this.trace =
			typeof window !== 'undefined' && window.__voiceEngineTrace
				? (window.__voiceEngine = { speechStarts: [], playbackStops: [], turnsSent: 0 })
				: null
	}

	get listeningHandsFree() {
		return this.handsFree
	}

	private setPhase(phase: TurnPhase) {
		this.phase = phase
		this.options.onPhase(phase)
	}

	/**
	 * Hands-free: the detector listens to `stream` (the caller's microphone) from now on. Loads the
	 * detector's code, model and WebAssembly on first use; throws when they cannot run here.
	 */
	async listen(stream: MediaStream) {
		if (!this.vad) {
			const { MicVAD } = await import('@ricky0123/vad-web')
			this.vad = (await MicVAD.new({
				model: 'v5',
				baseAssetPath: VAD_ASSET_BASE,
				onnxWASMBasePath: VAD_ASSET_BASE,
				// One thread, no proxy worker: no cross-origin isolation or worker-src needed (ADR 0052).
				ortConfig: (ort) => {
					ort.env.logLevel = 'error'
					ort.env.wasm.numThreads = 1
					ort.env.wasm.proxy = false
				},
				// The engine owns the microphone: the detector neither opens nor stops it.
				getStream: async () => stream,
				pauseStream: async () => {},
				resumeStream: async () => stream,
				startOnLoad: false,
				...vadFrameOptions(this.pauseMs),
				onSpeechStart: () => this.speechStarted(),
				onSpeechEnd: (audio: Float32Array) => this.speechEnded(audio),
				onVADMisfire: () => {
					if (this.phase === 'hearing') this.setPhase(this.output.active ? 'speaking' : 'listening')
				},
			})) as unknown as MicVadInstance
		}
		await this.vad.start()
		this.handsFree = true
		if (this.phase === 'idle') this.setPhase('listening')
	}

	/** Stops listening hands-free (hold-to-talk or typing from now on); the detector stays loaded. */
	async stopListening() {
		this.handsFree = false
		await this.vad?.pause()
		if (this.phase === 'listening' || this.phase === 'hearing') this.setPhase('idle')
	}

	/** The pause that ends a turn, changeable while listening. */
	setPause(ms: number) {
		this.pauseMs = endOfTurnPause(ms)
		this.vad?.setOptions(vadFrameOptions(this.pauseMs))
	}

	private speechStarted() {
		const at = performance.now()
		this.trace?.speechStarts.push(at)
		const { next, bargeIn } = onSpeechStart(this.phase)
		if (bargeIn) this.interrupt()
		this.setPhase(next)
	}

	private speechEnded(audio: Float32Array) {
		const endedAt = performance.now()
		if (!isTurn(audio.length)) {
			this.setPhase('listening')
			return
		}
		const wav = encodeWav(audio, 16_000)
		void this.send({ audio: new Blob([wav], { type: 'audio/wav' }) }, endedAt)
	}

	/** Barge-in: the assistant stops at once; a reply still being written will not be spoken. */
	interrupt() {
		this.turnGeneration++
		const hadSomething = this.output.active
		const stoppedAt = this.output.stop()
		if (hadSomething) this.trace?.playbackStops.push(stoppedAt)
		this.finishTurnTimings()
	}

	private sayOne(sentence: string) {
		const said = this.options.spoken ? this.options.spoken(sentence).trim() : sentence
		if (said) this.output.say(said)
	}

	/** Says a whole text (the greeting), sentence by sentence. */
	say(text: string) {
		const sentences = new SentenceSplitter()
		for (const sentence of [...sentences.push(text), ...sentences.flush()]) this.sayOne(sentence)
		if (this.output.active) this.setPhase('speaking')
	}

	/**
	 * One turn: audio (hands-free or held) or text; `endedAt` is when the caller finished speaking
	 * (performance.now()). A typed message has none: its figures count from now, when it is sent.
	 */
	async send(input: TurnInput, spokenUntil?: number) {
		const endedAt = spokenUntil ?? performance.now()
		if (this.output.active) this.interrupt()
		const generation = this.turnGeneration
		const id = crypto.randomUUID()
		const turn: PendingTurn = {
			id,
			endedAt,
			typed: spokenUntil === undefined,
			heardBy: 'audio' in input ? 'speech-to-text' : (input.heardBy ?? 'typed'),
			timings: { transcriptMs: null, firstTokenMs: null, firstAudioMs: null, serverMs: null },
			reported: false,
			spoken: false,
		}
		this.current = turn
		if (this.trace) this.trace.turnsSent++
		this.setPhase('thinking')
		const since = () => Math.round(performance.now() - endedAt)
		const splitter = new SentenceSplitter()
		let reply = ''
		const speak = (sentences: string[]) => {
			if (generation !== this.turnGeneration) return
			for (const sentence of sentences) this.sayOne(sentence)
			if (this.output.active && this.phase === 'thinking') this.setPhase('speaking')
		}
		try {
			const done = await this.options.transport.sendTurn(
				{ ...input, messageId: id },
				{
					onTranscript: (text) => {
						if ('audio' in input) turn.timings.transcriptMs = since()
						this.options.onCallerText(id, text)
						this.options.onTimings(id, { ...turn.timings }, { typed: turn.typed, heardBy: turn.heardBy })
					},
					onDelta: (delta) => {
						if (turn.timings.firstTokenMs === null) {
							turn.timings.firstTokenMs = since()
							this.options.onTimings(id, { ...turn.timings }, { typed: turn.typed, heardBy: turn.heardBy })
						}
						reply += delta
						this.options.onReplyText(id, reply)
						speak(splitter.push(delta))
					},
				},
			)
			if (!reply) this.options.onReplyText(id, done.reply)
			turn.timings.serverMs = done.serverMs
			this.options.onTimings(id, { ...turn.timings }, { typed: turn.typed, heardBy: turn.heardBy })
			speak(reply ? splitter.flush() : [...splitter.push(done.reply), ...splitter.flush()])
			// Talked over before its reply was complete: its figures are as complete as they will get.
			if (this.current !== turn) this.finishTurnTimings(turn)
			else if (!this.output.active) {
				this.finishTurnTimings()
				if (this.phase === 'thinking') this.setPhase(this.handsFree ? 'listening' : 'idle')
			}
		} catch (error) {
			if (this.current === turn) this.current = null
			if (this.phase === 'thinking') this.setPhase(this.handsFree ? 'listening' : 'idle')
			this.options.onError(error as Error)
		}
	}

	private firstAudio() {
		const turn = this.current
		if (!turn || turn.spoken) return
		turn.spoken = true
		turn.timings.firstAudioMs = Math.round(performance.now() - turn.endedAt)
		this.options.onTimings(turn.id, { ...turn.timings }, { typed: turn.typed, heardBy: turn.heardBy })
		this.finishTurnTimings()
	}

	/** The current turn's timings are as complete as they will get: kept on the server once. */
	private finishTurnTimings(turn = this.current) {
		if (!turn || turn.reported || turn.timings.serverMs === null) return
		if (!turn.spoken && this.output.active && this.current === turn) return
		turn.reported = true
		if (this.current === turn) this.current = null
		this.options.transport.reportTimings?.(turn.id, { ...turn.timings })
	}

	/** Ends everything: listening, speaking, the detector (its model and audio context released). */
	async destroy() {
		this.handsFree = false
		this.interrupt()
		this.output.close()
		this.setPhase('idle')
		const vad = this.vad
		this.vad = null
		await vad?.destroy().catch(() => {})
	}
}
