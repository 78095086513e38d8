// The browser's own speech, shared by the site widget's voice mode and the voice assistant test:
// recognition where the browser offers it, and spoken replies with the spec's settings
// (section 9: rate 0.85, pitch 1.1, volume 0.9, a female-sounding voice where there is one).

const SPEECH_SETTINGS = { rate: 0.85, pitch: 1.1, volume: 0.9 } as const

/** The part of the Web Speech API's SpeechRecognition both callers use (it is not in TypeScript's DOM types). */
export type SpeechRecognitionLike = {
	continuous: boolean
	interimResults: boolean
	lang: string
	start: () => void
	stop: () => void
	abort: () => void
	onresult:
		| ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void)
		| null
	onstart?: (() => void) | null
	onend: (() => void) | null
	onerror: ((event: { error: string }) => void) | null
}

/** SpeechRecognition (or Chrome's prefixed one), or null where the browser has none. */
export function speechRecognitionConstructor(): (new () => SpeechRecognitionLike) | null {
	if (typeof window === 'undefined') return null
	const w = window as unknown as {
		SpeechRecognition?: new () => SpeechRecognitionLike
		webkitSpeechRecognition?: new () => SpeechRecognitionLike
	}
	return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null
}

/**
 * Whether the browser's recognizer can be expected to work. Chromium ships Chrome's recognizer API
 * (prefixed, and lately also unprefixed) but not Google's speech service behind it, so every try
 * answers "network": a browser whose client hints name neither Chrome nor Edge is not counted on.
 * Without client hints (Safari, Firefox) a recognizer that exists gets its chance.
 */
export function browserRecognitionLikelyWorks() {
	if (speechRecognitionConstructor() === null) return false
	const brands = (navigator as Navigator & { userAgentData?: { brands?: Array<{ brand: string }> } }).userAgentData
		?.brands
	if (!brands) return true
	return brands.some(({ brand }) => /Google Chrome|Microsoft Edge/.test(brand))
}

const FEMALE_VOICE =
	/female|woman|samantha|zira|susan|victoria|karen|moira|tessa|veena|heera|lekha|fiona|serena|allison|ava|google us english|google uk english female/i

/** A locale as browsers write it in either form ("hi-IN", "hi_IN"), in lower case. */
const locale = (lang: string) => lang.replace('_', '-').toLowerCase()

/**
 * The voice for `lang` (e.g. hi-IN) among the browser's: one of that language or none (a Hindi
 * reply is never read by an English voice). Of the exact locale first, then of the language; of
 * each, female-sounding where there is one (spec section 9).
 */
export function voiceFor<Voice extends { name: string; lang: string }>(voices: Voice[], lang: string) {
	const wanted = locale(lang)
	const exact = voices.filter((v) => locale(v.lang ?? '') === wanted)
	const language = voices.filter((v) => locale(v.lang ?? '').split('-')[0] === wanted.split('-')[0])
	return (
		exact.find((v) => FEMALE_VOICE.test(v.name)) ??
		exact[0] ??
		language.find((v) => FEMALE_VOICE.test(v.name)) ??
		language[0] ??
		null
	)
}

/** An utterance of `text` in `lang` with the spec's settings and voice. */
export function spokenUtterance(text: string, lang: string) {
	const utterance = new SpeechSynthesisUtterance(text)
	utterance.lang = lang
	Object.assign(utterance, SPEECH_SETTINGS)
	const voice = voiceFor(window.speechSynthesis.getVoices(), lang)
	if (voice) utterance.voice = voice
	return utterance
}

/**
 * Whether the browser has a voice for `lang` (e.g. hi-IN). Browsers list their voices late (Chrome
 * fires voiceschanged once they are known) and some have none at all: after `waitMs` without one,
 * there is none.
 */
export function hasVoiceFor(lang: string, waitMs = 1500): Promise<boolean> {
	if (typeof speechSynthesis === 'undefined') return Promise.resolve(false)
	const synthesis = speechSynthesis
	const found = () => voiceFor(synthesis.getVoices(), lang) !== null
	if (found()) return Promise.resolve(true)
	return new Promise((resolve) => {
		const done = (answer: boolean) => {
			clearTimeout(timer)
			synthesis.removeEventListener('voiceschanged', changed)
			resolve(answer)
		}
		const changed = () => {
			if (found()) done(true)
		}
		const timer = setTimeout(() => done(found()), waitMs)
		synthesis.addEventListener('voiceschanged', changed)
	})
}
