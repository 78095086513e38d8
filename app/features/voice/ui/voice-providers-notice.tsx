// Which speech-to-text hears the caller and which voice speaks the replies, said up front in the
// voice test (issue 32), with who changes them: the administrator, on the Models page, which only
// the administrator can open (an owner is told whom to ask, never sent to a 403). Once a call starts
// the details fold into one line, so the conversation keeps the room.
import { AudioLines, ChevronDown } from 'lucide-react'
import { Link, useRouteLoaderData } from 'react-router'
import { cn } from '~/lib/misc.ts'
import {
	type BrowserAbilities,
	type VoiceProviders,
	voiceProviderLabels,
	voiceProvidersCopy,
} from './voice-providers.ts'

/** Whether the signed-in user is this site's administrator (the Playground's layout knows). */
export function useIsAdmin() {
	const playground = useRouteLoaderData('routes/playground/layout') as { isAdmin?: boolean } | undefined
	return playground?.isAdmin === true
}

/** Where these are changed: a link for the administrator, whom to ask for everyone else. */
function ProvidersChange() {
	return useIsAdmin() ? (
		<>
			{voiceProvidersCopy.changeAdmin}{' '}
			<Link to="/playground/models" className="font-medium underline underline-offset-2">
				{voiceProvidersCopy.modelsPage}
			</Link>
			.
		</>
	) : (
		voiceProvidersCopy.changeOwner
	)
}

export function VoiceProvidersNotice({
	providers,
	browser,
	languageName,
	folded = false,
	children,
}: {
	providers: VoiceProviders
	browser: BrowserAbilities
	languageName: string
	/** During a call: the details in a closed <details>, one line high. */
	folded?: boolean
	/** More notices to fold with these (the model that answers). */
	children?: React.ReactNode
}) {
	const labels = voiceProviderLabels(providers, browser, languageName)
	const details = (
		<div className="flex items-start gap-2 px-5 py-2">
			<AudioLines className="mt-0.5 size-3.5 shrink-0" aria-hidden />
			<div className="min-w-0">
				<dl className="grid grid-cols-[auto_1fr] gap-x-2">
					<dt className="font-semibold">{voiceProvidersCopy.speechToText}:</dt>
					<dd data-testid="voice-provider-stt">{labels.speechToText}</dd>
					<dt className="font-semibold">{voiceProvidersCopy.speech}:</dt>
					<dd data-testid="voice-provider-speech">{labels.speech}</dd>
				</dl>
				<p className="mt-0.5" data-testid="voice-providers-change">
					<ProvidersChange />
				</p>
			</div>
		</div>
	)
	const note = (
		<div role="note" aria-label="Voice providers" data-testid="voice-providers">
			{details}
		</div>
	)
	if (!folded)
		return (
			<div className="border-b border-slate-200 bg-slate-50 text-xs text-slate-700">
				{children}
				{note}
			</div>
		)
	return (
		<details
			data-testid="voice-providers-folded"
			className="group border-b border-slate-200 bg-slate-50 text-xs text-slate-700"
		>
			<summary
				className={cn(
					'flex cursor-pointer list-none items-center gap-2 px-5 py-1.5 font-medium hover:bg-slate-100',
					'[&::-webkit-details-marker]:hidden',
				)}
			>
				<AudioLines className="size-3.5 shrink-0" aria-hidden />
				<span className="min-w-0 flex-1 truncate">{`${voiceProvidersCopy.speechToText}, ${voiceProvidersCopy.speech.toLowerCase()} and model`}</span>
				<ChevronDown className="size-3.5 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
			</summary>
			{children}
			{note}
		</details>
	)
}
