// One purpose on the Models page (written answers, speech-to-text, speech): the connection the
// server's environment sets, the ones the administrator stored, and "Connect a provider".
import { AudioLines, Mic, PenLine, type LucideIcon } from 'lucide-react'
import { passedOrUntested } from '~/ai/connection-in-use.ts'
import { modelsPage } from '~/features/models/copy.ts'
import { PROVIDER_NAMES, type ProviderPurpose } from '~/features/models/model-schema.ts'
import type { ConnectionView, ModelsActionData, StoredConnectionView } from '~/features/models/page-data.ts'
import { ConnectForm } from './connect-form.tsx'
import { ConnectionCard } from './connection-card.tsx'
import { EnvironmentCard } from './provider-card.tsx'

const icons: Record<ProviderPurpose, LucideIcon> = { chat: PenLine, transcription: Mic, speech: AudioLines }

export function PurposeSection({
	purpose,
	environment,
	stored,
	removing,
	voiceAssistants,
	actionData,
}: {
	/** How many voice assistants there are: the speech-to-text and speech in use serve them all. */
	voiceAssistants: number
	purpose: ProviderPurpose
	environment: ConnectionView | null
	stored: StoredConnectionView[]
	/** The connection whose Remove was asked (`?remove=<id>`). */
	removing: string | null
	/** What a post without JavaScript came back with. */
	actionData: ModelsActionData | undefined
}) {
	const copy = modelsPage.purposes[purpose]
	const Icon = icons[purpose]
	const headingId = `provider-${purpose}`
	const posted = actionData?.form
	// Speech-to-text uses the newest stored connection that has not failed its last test, else the
	// environment's; speech the same among those of OpenAI's shape (ElevenLabs' connections do not
	// speak in the voice test). The server chooses by the same rule (app/ai/connection-in-use.ts).
	const newest = stored
		.filter((c) => purpose !== 'speech' || c.provider !== PROVIDER_NAMES.elevenlabs)
		.filter((c) => passedOrUntested(c.lastTest?.outcome))
		.at(-1)
	const environmentSpeaks =
		purpose !== 'speech' || (environment !== null && environment.provider !== PROVIDER_NAMES.elevenlabs)
	const inUse = purpose === 'chat' ? null : newest?.keyReadable ? newest.id : environmentSpeaks ? 'environment' : null
	const suggestions = [
		...new Set([...stored.flatMap((c) => [...c.models, c.model ?? '']), environment?.model ?? ''].filter(Boolean)),
	].sort()
	return (
		<section
			aria-labelledby={headingId}
			data-testid={`provider-${purpose}`}
			className="min-w-0 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
		>
			<div className="flex items-start gap-3">
				<span className="bg-brand-50 text-brand-700 grid size-10 shrink-0 place-items-center rounded-2xl" aria-hidden>
					<Icon className="size-5" />
				</span>
				<div className="min-w-0 flex-1">
					<h3 id={headingId} className="font-display text-lg font-bold text-slate-950">
						{copy.title}
					</h3>
					<p className="text-sm text-slate-600">{copy.blurb}</p>
					<p className="mt-1 text-xs text-slate-500">{copy.usage}</p>
				</div>
			</div>
			{environment ? null : (
				<p className="mt-4 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
					{copy.notConnected}
				</p>
			)}
			{environment || stored.length > 0 ? (
				<ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label={modelsPage.connectionsOf(copy.title)}>
					{environment ? (
						<EnvironmentCard
							purpose={purpose}
							connection={environment}
							inUse={inUse === null ? null : inUse === 'environment'}
							test={actionData?.test?.purpose === purpose ? actionData.test : null}
						/>
					) : null}
					{stored.map((connection) => (
						<ConnectionCard
							key={connection.id}
							connection={connection}
							removing={removing === connection.id}
							inUse={inUse === connection.id}
							voiceAssistants={voiceAssistants}
							waitsForPassingTest={purpose !== 'chat' && !passedOrUntested(connection.lastTest?.outcome)}
							posted={posted?.kind === 'update' && posted.connectionId === connection.id ? posted : null}
						/>
					))}
				</ul>
			) : null}
			<ConnectForm
				key={stored.map((c) => c.id).join()}
				purpose={purpose}
				suggestions={suggestions}
				posted={posted?.kind === 'connect' && posted.purpose === purpose ? posted : null}
			/>
		</section>
	)
}
