// The voice test beside a voice assistant's sections (and, on phones, its own section): the model
// that answers, then the test, which needs JavaScript (microphone and speech live in the browser)
// and says so without it.
import type { ModelSummary } from '~/ai/model-notice.ts'
import { ModelNotice } from '~/components/playground/model-notice.tsx'
import { SidePanel } from '~/components/playground/workspace-parts.tsx'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import type { VoiceTestAgent } from './use-voice-test.ts'
import { VoiceProvidersNotice, type VoiceProviders } from './voice-providers-notice.tsx'
import { VoiceTest } from './voice-test-dialog.tsx'

const { page, test } = voicebotBuilder

export function VoiceTestPanel({
	agent,
	transcription,
	model,
	providers,
	className,
}: {
	agent: VoiceTestAgent
	transcription: boolean
	model: ModelSummary
	providers: VoiceProviders
	className?: string
}) {
	const hydrated = useHydrated()
	return (
		<SidePanel
			id="voice-test"
			title={page.testTitle}
			description={test.description}
			// The conversation keeps room to be read (its list never shrinks below a few turns): when the
			// notices and controls above it leave too little, the panel scrolls.
			className={cn('overflow-auto', className)}
		>
			<ModelNotice model={model} />
			<VoiceProvidersNotice providers={providers} />
			{hydrated ? (
				<VoiceTest agent={agent} transcription={transcription} serverSpeech={providers.serverSpeech} />
			) : (
				<p className="grid flex-1 place-items-center bg-slate-50 p-6 text-center text-sm text-slate-600">
					{page.testNeedsScript}
				</p>
			)}
		</SidePanel>
	)
}
