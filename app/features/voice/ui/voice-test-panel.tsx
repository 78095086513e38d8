// The voice test beside a voice assistant's sections (and, on phones, its own section): the model
// that answers and the providers (folded once a call starts), then the test. Without JavaScript the
// test's own page (`typed` given) is a typed conversation through plain form posts (issue 32: typing
// always works); beside the other sections it links there.
import { PhoneOff, Send } from 'lucide-react'
import { Form, Link } from 'react-router'
import type { ModelSummary } from '~/ai/model-notice.ts'
import { languages } from '~/ai/voice-languages.ts'
import { ModelNotice } from '~/components/playground/model-notice.tsx'
import { SidePanel } from '~/components/playground/workspace-parts.tsx'
import { VOICE_TEXT_MAX_CHARS } from '~/features/voice/conversation-schema.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import type { TypedConversation } from '~/features/voice/typed-test-schema.ts'
import { cn } from '~/lib/misc.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { agentPaths } from './agent-kind.ts'
import type { VoiceTestAgent } from './use-voice-test.ts'
import { VoiceProvidersNotice } from './voice-providers-notice.tsx'
import { type VoiceProviders, voiceProvidersCopy } from './voice-providers.ts'
import { TranscriptTurn, VoiceTest } from './voice-test-dialog.tsx'

const { page, test } = voicebotBuilder

const primaryButton =
	'bg-brand-600 hover:bg-brand-700 inline-flex h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold text-white'

/** The test without JavaScript: start, type, read the replies (with their sources), end. */
function TypedTest({ agent, typed }: { agent: VoiceTestAgent; typed: TypedConversation | 'none' }) {
	const conversation = typed === 'none' || !typed.live ? null : typed
	const action = conversation ? `${agentPaths(agent.id).test}?conversation=${conversation.id}` : undefined
	return (
		<div data-testid="typed-test" className="flex min-h-0 flex-1 flex-col">
			<p className="border-b border-slate-200 bg-white px-5 py-2 text-xs text-slate-600">
				{voiceProvidersCopy.noJavaScript}
			</p>
			{conversation ? (
				<>
					<ol
						aria-label={test.transcriptLabel}
						className="min-h-32 flex-1 space-y-3 overflow-y-auto bg-slate-50 px-5 py-4"
					>
						{conversation.turns.map((turn) => (
							<TranscriptTurn key={turn.id} turn={turn} agentName={agent.name} />
						))}
					</ol>
					<Form method="post" action={action} className="flex items-end gap-2 border-t border-slate-200 px-4 py-3">
						<input type="hidden" name="intent" value="voice-send" />
						<input type="hidden" name="conversationId" value={conversation.id} />
						<label htmlFor="voice-typed-text" className="sr-only">
							{test.textLabel}
						</label>
						<input
							id="voice-typed-text"
							name="text"
							required
							maxLength={VOICE_TEXT_MAX_CHARS}
							placeholder={test.textLabel}
							autoComplete="off"
							className="focus:ring-brand-500 h-11 min-w-0 flex-1 rounded-xl border-0 px-3.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none"
						/>
						<button type="submit" aria-label={test.send} className={cn(primaryButton, 'px-3')}>
							<Send className="size-5" aria-hidden />
						</button>
					</Form>
					<Form method="post" action={action} className="flex justify-center border-t border-slate-200 px-4 py-2">
						<input type="hidden" name="conversationId" value={conversation.id} />
						<button
							type="submit"
							name="intent"
							value="voice-end"
							className="inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50"
						>
							<PhoneOff className="size-4" aria-hidden />
							{test.end}
						</button>
					</Form>
				</>
			) : (
				<Form method="post" className="grid flex-1 place-items-center bg-slate-50 p-6">
					<button type="submit" name="intent" value="voice-start" className={primaryButton}>
						{test.startTyped}
					</button>
				</Form>
			)}
		</div>
	)
}

export function VoiceTestPanel({
	agent,
	transcription,
	model,
	providers,
	typed,
	className,
}: {
	agent: VoiceTestAgent
	transcription: boolean
	model: ModelSummary
	providers: VoiceProviders
	/** On the test's own page: the typed conversation of `?conversation=` ('none' when there is none). */
	typed?: TypedConversation | 'none'
	className?: string
}) {
	const hydrated = useHydrated()
	const languageName = languages.find((l) => l.code === agent.language)?.name ?? agent.language
	return (
		<SidePanel
			id="voice-test"
			title={page.testTitle}
			description={hydrated ? test.description : test.descriptionTyped}
			className={className}
		>
			{hydrated ? (
				<VoiceTest
					agent={agent}
					transcription={transcription}
					providers={providers}
					notices={<ModelNotice model={model} />}
				/>
			) : (
				<>
					<ModelNotice model={model} />
					<VoiceProvidersNotice
						providers={providers}
						browser={{ recognition: null, voice: null }}
						languageName={languageName}
					/>
					{typed ? (
						<TypedTest agent={agent} typed={typed} />
					) : (
						<p className="grid flex-1 place-items-center bg-slate-50 p-6 text-center text-sm text-slate-600">
							<span>
								{page.testNeedsScript}{' '}
								<Link to={agentPaths(agent.id).test} className="text-brand-700 font-semibold underline">
									{page.testTyped}
								</Link>
							</span>
						</p>
					)}
				</>
			)}
		</SidePanel>
	)
}
