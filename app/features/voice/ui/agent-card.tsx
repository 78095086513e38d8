// One voice assistant in "Your Voice Assistants": description (or 'Voice Assistant'), Active/Inactive,
// voice, language, and Test, API, Edit (its own page) and Delete (the builder kit's card). API, Edit
// and Delete are links and forms, so they work without JavaScript; Test needs it (microphone and
// speech live in the browser).
import { Languages, Mic } from 'lucide-react'
import { cardActionClass, ItemCard } from '~/components/playground/builder-parts.tsx'
import { voices } from '~/features/voice/catalog.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { agentKind } from './agent-kind.ts'
import type { VoiceProviders } from './voice-providers.ts'

const { card } = voicebotBuilder

export type AgentSummary = {
	id: string
	name: string
	description: string | null
	voiceId: string
	language: string
	isActive: boolean
	apiSnippet: string
	/** Which speech-to-text and voice its test uses. */
	providers: VoiceProviders
}

export function AgentCard({
	agent,
	confirmingDelete,
	showingApi,
	onTest,
}: {
	agent: AgentSummary
	confirmingDelete: boolean
	showingApi: boolean
	/** Set once JavaScript runs. */
	onTest?: (agent: AgentSummary) => void
}) {
	const voice = voices.find((v) => v.id === agent.voiceId)
	return (
		<ItemCard
			kind={agentKind}
			item={agent}
			subtitle={<p className="line-clamp-2">{agent.description || card.fallbackDescription}</p>}
			code={{ text: agent.apiSnippet, rows: 8, showing: showingApi }}
			confirmingDelete={confirmingDelete}
			primary={
				<button
					type="button"
					className={cardActionClass}
					disabled={!onTest}
					onClick={() => onTest?.(agent)}
					aria-label={`${card.test} ${agent.name}`}
				>
					<Mic className="size-4" aria-hidden />
					{card.test}
				</button>
			}
		>
			<dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 rounded-2xl bg-slate-50 px-4 py-2.5 text-sm text-slate-600 ring-1 ring-slate-200">
				<div className="flex items-center gap-1.5">
					<dt>
						<Mic className="text-brand-600 size-4" aria-hidden />
						<span className="sr-only">Voice</span>
					</dt>
					<dd data-testid="voice">{voice ? voice.label : agent.voiceId}</dd>
				</div>
				<div className="flex items-center gap-1.5">
					<dt>
						<Languages className="text-brand-600 size-4" aria-hidden />
						<span className="sr-only">Language</span>
					</dt>
					<dd data-testid="language">{agent.language.toUpperCase()}</dd>
				</div>
			</dl>
		</ItemCard>
	)
}
