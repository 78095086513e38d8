// Which speech-to-text hears the caller and which voice speaks the replies, said up front in the
// voice test (issue 32), with where they are changed: the administrator's Models page.
import { AudioLines } from 'lucide-react'
import { Link } from 'react-router'

/**
 * Labels from the server (app/features/voice/speech.server.ts, describeVoiceProviders), and whether
 * the server speaks at all: without a speech endpoint the test never asks it (the browser speaks).
 */
export type VoiceProviders = { speechToText: string; speech: string; serverSpeech: boolean }

const voiceProvidersCopy = {
	speechToText: 'Speech-to-text',
	speech: 'Speech',
	change: 'The administrator changes these on the',
	modelsPage: 'Models page',
}

export function VoiceProvidersNotice({ providers }: { providers: VoiceProviders }) {
	return (
		<div
			role="note"
			aria-label="Voice providers"
			data-testid="voice-providers"
			className="flex items-start gap-2 border-b border-slate-200 bg-slate-50 px-5 py-2 text-xs text-slate-700"
		>
			<AudioLines className="mt-0.5 size-3.5 shrink-0" aria-hidden />
			<div className="min-w-0">
				<dl className="grid grid-cols-[auto_1fr] gap-x-2">
					<dt className="font-semibold">{voiceProvidersCopy.speechToText}:</dt>
					<dd data-testid="voice-provider-stt">{providers.speechToText}</dd>
					<dt className="font-semibold">{voiceProvidersCopy.speech}:</dt>
					<dd data-testid="voice-provider-speech">{providers.speech}</dd>
				</dl>
				<p className="mt-0.5">
					{voiceProvidersCopy.change}{' '}
					<Link to="/playground/models" className="font-medium underline underline-offset-2">
						{voiceProvidersCopy.modelsPage}
					</Link>
					.
				</p>
			</div>
		</div>
	)
}
