// One voice assistant in "Your Voice Assistants": description (or 'Voice Assistant'), Active/Inactive,
// voice, language, and Edit (its own page), Test, API and Delete. Edit, API and Delete are links and
// forms, so they work without JavaScript; Test needs it (microphone and speech live in the browser).
import { AudioLines, Code2, Languages, Mic, Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import {
	ActiveSwitch,
	BuilderCard,
	CardActions,
	CodeBox,
	copyCode,
	DeleteConfirmation,
	useActiveToggle,
} from '~/components/playground/builder-parts.tsx'
import { buttonClasses } from '~/components/ui/button.tsx'
import { voices } from '~/features/voice/catalog.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { cn } from '~/lib/misc.ts'

const { card, toasts } = voicebotBuilder
const actionClass = buttonClasses({ variant: 'secondary', size: 'sm', className: 'px-3 [&>svg]:shrink-0' })

export type AgentSummary = {
	id: string
	name: string
	description: string | null
	voiceId: string
	language: string
	isActive: boolean
	apiSnippet: string
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
	const [apiOpen, setApiOpen] = useState(false)
	const toggle = useActiveToggle(agent.isActive)
	const { active } = toggle
	const voice = voices.find((v) => v.id === agent.voiceId)
	const headingId = `agent-${agent.id}`
	return (
		<BuilderCard
			headingId={headingId}
			testId="agent-card"
			icon={AudioLines}
			iconClassName="from-fuchsia-500 to-brand-600"
			title={agent.name}
			subtitle={<p className="line-clamp-2">{agent.description || card.fallbackDescription}</p>}
			active={active}
			labels={card}
		>
			<ActiveSwitch
				toggle={toggle}
				action="/playground/voicebots"
				itemId={agent.id}
				label={card.switchLabel(agent.name)}
				onText="Taking calls"
				offText="Switched off"
			/>
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
			<CardActions>
				<Link
					to={`/playground/voicebots/${agent.id}`}
					className={actionClass}
					aria-label={`${card.edit} ${agent.name}`}
				>
					<Pencil className="size-4" aria-hidden />
					{card.edit}
				</Link>
				<button
					type="button"
					className={actionClass}
					disabled={!onTest}
					onClick={() => onTest?.(agent)}
					aria-label={`${card.test} ${agent.name}`}
				>
					<Mic className="size-4" aria-hidden />
					{card.test}
				</button>
				<Link
					to={`/playground/voicebots?api=${agent.id}`}
					preventScrollReset
					className={actionClass}
					aria-label={`${card.api} ${agent.name}`}
					onClick={(event) => {
						if (!onTest) return // without JavaScript the link shows the snippet
						event.preventDefault()
						setApiOpen(true)
						void copyCode(agent.apiSnippet, { title: toasts.apiCopied }, 'Copy the API code below.')
					}}
				>
					<Code2 className="size-4" aria-hidden />
					{card.api}
				</Link>
				<Link
					to={`/playground/voicebots?delete=${agent.id}`}
					preventScrollReset
					className={cn(actionClass, 'text-rose-700 hover:bg-rose-50')}
					aria-label={`${card.delete} ${agent.name}`}
				>
					<Trash2 className="size-4" aria-hidden />
					{card.delete}
				</Link>
			</CardActions>
			{showingApi || apiOpen ? (
				<CodeBox id={`${headingId}-api`} rows={8} code={agent.apiSnippet} label="Voice API for this assistant:" />
			) : null}
			{confirmingDelete ? (
				<DeleteConfirmation
					id={`${headingId}-confirm`}
					action="/playground/voicebots"
					question={card.deleteConfirm(agent.name)}
					confirmLabel="Delete assistant"
					cancelTo="/playground/voicebots"
					itemId={agent.id}
				/>
			) : null}
		</BuilderCard>
	)
}
