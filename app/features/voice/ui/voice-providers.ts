// What the voice test says hears the caller and speaks the replies (issue 32), and what it says when
// it cannot listen. The server names its own providers; where it has none, only what this browser
// really has is named: a recognizer that is expected to work, a voice for the assistant's language.
// Each reason the microphone cannot be used has its own message, with the fix that belongs to it.
// How the browser's voice and recognizer are described comes from one place (lib/voice/browser-voice-wording.ts).
import { browserVoiceWording } from '~/lib/voice/browser-voice-wording.ts'

/**
 * Labels from the server (app/features/voice/speech.server.ts, describeVoiceProviders): null where
 * the server has none. `serverSpeech`: the server speaks (else the test never asks it).
 */
export type VoiceProviders = { speechToText: string | null; speech: string | null; serverSpeech: boolean }

/** What this browser offers, once its JavaScript has looked; null before (or without JavaScript). */
export type BrowserAbilities = {
	/** A speech recognizer that can be expected to work (lib/browser-speech.ts). */
	recognition: boolean | null
	/** A voice for the assistant's language: null while the browser is still listing its voices. */
	voice: boolean | null
}

/** Why the microphone cannot be used in this test; null when it can. */
export type MicProblem = 'blocked' | 'missing' | 'no-speech-to-text' | null

export const voiceProvidersCopy = {
	speechToText: 'Speech-to-text',
	speech: 'Speech',
	browserRecognition: browserVoiceWording.recognition,
	noRecognition: browserVoiceWording.noRecognition,
	recognitionUnknown: browserVoiceWording.recognitionUnknown,
	/** Where they are changed: the administrator's Models page, which only the administrator can open. */
	changeAdmin: 'You change these on the',
	modelsPage: 'Models page',
	changeOwner: 'Only the administrator of this site connects speech services: ask them to change these.',
	noJavaScript: 'Without JavaScript the test is typed: nothing is heard or spoken, and replies are shown as text.',
	problems: {
		blocked:
			'Your browser blocked the microphone: allow it in the address bar, then try again. Meanwhile, type your messages below.',
		missing:
			'No microphone could be opened: connect one (or close the app using it), then try again. Meanwhile, type your messages below.',
		/** Around the link to the Models page. */
		noSpeechToTextAdmin: [
			'To talk to your assistant, connect a speech-to-text provider on the',
			'. Until then, type your messages below.',
		] as const,
		noSpeechToTextOwner:
			'To talk to your assistant, this site needs a speech-to-text service, which only its administrator can connect: ask them. Until then, type your messages below.',
	},
}

/** The two lines of the notice: what hears the caller, and what speaks the replies. */
export function voiceProviderLabels(providers: VoiceProviders, browser: BrowserAbilities, languageName: string) {
	const speechToText =
		providers.speechToText ??
		(browser.recognition === null
			? voiceProvidersCopy.recognitionUnknown
			: browser.recognition
				? voiceProvidersCopy.browserRecognition
				: voiceProvidersCopy.noRecognition)
	const speech =
		providers.speech ??
		(browser.voice === null
			? browserVoiceWording.unknown(languageName)
			: browser.voice
				? browserVoiceWording.has(languageName)
				: browserVoiceWording.none(languageName))
	return { speechToText, speech }
}

/**
 * Why the microphone cannot be used: refused or missing (the browser's side, the caller fixes it),
 * or nothing that turns speech into words (the server's side, the administrator fixes it).
 */
export function micProblem({
	micError,
	transcription,
	browserRecognition,
}: {
	/** The name of getUserMedia's error (NotAllowedError, NotFoundError, ...), or null. */
	micError: string | null
	transcription: boolean
	browserRecognition: boolean
}): MicProblem {
	if (micError === 'NotAllowedError' || micError === 'SecurityError') return 'blocked'
	if (micError) return 'missing'
	if (!transcription && !browserRecognition) return 'no-speech-to-text'
	return null
}
