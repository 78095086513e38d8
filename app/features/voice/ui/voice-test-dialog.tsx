import { ChevronDown, Mic, MicOff, Phone, PhoneOff, Send, Timer } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { languages } from '~/ai/voice-languages.ts'
// The voice test dialog: start, talk hands-free (or hold the mic), hear the real reply, end. It says
// each reply's latency as it happens (which speech-to-text and voice are in use is said above it,
// voice-providers-notice.tsx, folded once the call starts so the conversation has the room).
// A text box is always there for those who cannot or would rather not speak.
import { TranscriptReply } from '~/components/playground/transcript-reply.tsx'
import { Dialog, DialogContent, DialogHeader } from '~/components/ui/dialog.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { VOICE_TEXT_MAX_CHARS } from '~/features/voice/conversation-schema.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { cn } from '~/lib/misc.ts'
import { END_OF_TURN_MAX_MS, END_OF_TURN_MIN_MS } from '~/lib/voice/end-of-turn.ts'
import {
	type TurnFigures,
	useVoiceTest,
	type VoicePhase,
	type VoiceTestAgent,
	type VoiceTurn,
} from './use-voice-test.ts'
import { useIsAdmin, VoiceProvidersNotice } from './voice-providers-notice.tsx'
import { type MicProblem, type VoiceProviders, voiceProvidersCopy } from './voice-providers.ts'

const { test: copy } = voicebotBuilder

export const statusText: Record<VoicePhase, string> = {
	idle: copy.idle,
	connecting: copy.connecting,
	preparing: copy.preparing,
	ready: copy.ready,
	listening: copy.listening,
	hearing: copy.hearing,
	speaking: copy.speaking,
	recording: copy.recording,
	thinking: copy.thinking,
}

/**
 * A short window (a 568 px phone): during a call the status is one line and how you talk folds into
 * a disclosure, so the conversation keeps most of the dialog (the status block took ~160 px of 536).
 */
const SHORT_WINDOW = '(max-height: 700px)'

function useShortWindow() {
	const [short, setShort] = useState(false)
	useEffect(() => {
		const query = window.matchMedia(SHORT_WINDOW)
		const update = () => setShort(query.matches)
		update()
		query.addEventListener('change', update)
		return () => query.removeEventListener('change', update)
	}, [])
	return short
}

const TIMING_KEYS = ['transcriptMs', 'firstTokenMs', 'firstAudioMs', 'serverMs'] as const

/**
 * A reply's latency under it, in the type scale's small size: each step counted from the end of the
 * caller's speech, said once in the legend under the conversation (`legendId`) and per figure on hover.
 */
function TurnTimings({ timings, legendId }: { timings: TurnFigures; legendId: string }) {
	const shown = TIMING_KEYS.filter((key) => timings[key] !== null)
	if (shown.length === 0) return null
	return (
		<dl
			data-testid="turn-timings"
			aria-label={copy.timingsLabel}
			aria-describedby={legendId}
			aria-live="off"
			className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600"
		>
			<Timer className="size-3.5 shrink-0 text-slate-500" aria-hidden />
			{/* A typed turn's "after sending:" says it already; a spoken one says who heard it. */}
			<span data-testid="timings-from">
				{timings.typed ? copy.timingsFromSent : copy.timingsFromSpeech(timings.heardBy)}
			</span>
			{shown.map((key) => (
				<div key={key} className="flex gap-1" data-timing={key} title={copy.timingsExplained[key]}>
					<dt className="cursor-help underline decoration-slate-300 decoration-dotted underline-offset-2">
						{copy.timings[key]}
					</dt>
					<dd className="font-semibold text-slate-800 tabular-nums">{timings[key]} ms</dd>
				</div>
			))}
		</dl>
	)
}

/** The passages a reply cites, by the number its "[n]" uses; the voice never reads them out. */
function TurnSources({ sources }: { sources: NonNullable<VoiceTurn['sources']> }) {
	return (
		<div className="mt-1 max-w-[85%] rounded-xl bg-white px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200">
			<p className="font-semibold">{copy.sourcesLabel}</p>
			<ol className="mt-1 space-y-0.5">
				{sources.map((source) => {
					const name = source.title || source.url || copy.sourceFallback
					return (
						<li key={source.number} data-testid="voice-source">
							[{source.number}]{' '}
							{source.url ? (
								<a className="text-brand-700 underline" href={source.url} target="_blank" rel="noreferrer noopener">
									{name}
								</a>
							) : (
								name
							)}
						</li>
					)
				})}
			</ol>
		</div>
	)
}

/** One turn of the transcript: a bubble, the passages it cites, and what `children` add (its latency). */
export function TranscriptTurn({
	turn,
	agentName,
	children,
}: {
	turn: VoiceTurn
	agentName: string
	children?: React.ReactNode
}) {
	return (
		<li data-role={turn.role} className={cn('flex flex-col', turn.role === 'user' ? 'items-end' : 'items-start')}>
			<p
				className={cn(
					'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed whitespace-pre-wrap',
					turn.role === 'user'
						? 'bg-brand-600 rounded-tr-sm text-white'
						: 'rounded-tl-sm bg-white text-slate-800 shadow-sm ring-1 ring-slate-200',
				)}
			>
				<span className="sr-only">{turn.role === 'user' ? `${copy.you}: ` : `${agentName}: `}</span>
				{turn.role === 'assistant' ? <TranscriptReply reply={turn.text} /> : turn.text}
			</p>
			{turn.sources && turn.sources.length > 0 ? <TurnSources sources={turn.sources} /> : null}
			{children}
		</li>
	)
}

/** The message under the controls when the microphone cannot be used: one cause, its own fix. */
function MicProblemNote({ problem }: { problem: NonNullable<MicProblem> }) {
	const admin = useIsAdmin()
	const { problems } = voiceProvidersCopy
	const [before, after] = problems.noSpeechToTextAdmin
	return (
		<p data-testid="mic-problem" data-problem={problem} className="text-xs text-slate-600">
			{problem === 'blocked' ? (
				problems.blocked
			) : problem === 'missing' ? (
				problems.missing
			) : admin ? (
				<>
					{before}{' '}
					<Link to="/playground/models" className="font-medium underline underline-offset-2">
						{voiceProvidersCopy.modelsPage}
					</Link>
					{after}
				</>
			) : (
				problems.noSpeechToTextOwner
			)}
		</p>
	)
}

/** The test itself: in the dialog from the list, and inline on the assistant's page. */
export function VoiceTest({
	agent,
	transcription,
	providers,
	notices,
}: {
	agent: VoiceTestAgent
	transcription: boolean
	/** What the server hears and speaks with; said above the test, folded once a call starts. */
	providers: VoiceProviders
	/** Other notices folded with the providers during a call (the model that answers). */
	notices?: React.ReactNode
}) {
	const serverSpeech = providers.serverSpeech
	const voice = useVoiceTest(agent, { transcription, serverSpeech })
	const [text, setText] = useState('')
	const listRef = useRef<HTMLOListElement>(null)
	const formRef = useRef<HTMLFormElement>(null)
	const legendId = useId()
	const connected = voice.phase !== 'idle' && voice.phase !== 'connecting'
	const holding = voice.mode === 'hold'
	const canTalk = connected && voice.phase !== 'thinking' && voice.phase !== 'preparing'
	const micAvailable = voice.problem === null
	const languageName = languages.find((l) => l.code === agent.language)?.name ?? agent.language
	const short = useShortWindow()
	useEffect(() => {
		listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
	}, [voice.turns])
	// A call started: the conversation and the text box come into view (on a phone they were below
	// the notices and the start button).
	useEffect(() => {
		if (connected) formRef.current?.scrollIntoView({ block: 'end' })
	}, [connected])
	// Hold-to-talk with nothing to hear the caller: the status says what can be done (typing).
	const status = voice.phase === 'ready' && !micAvailable ? copy.typeOnly : statusText[voice.phase]

	const micControl = !connected ? (
		<button
			type="button"
			onClick={voice.start}
			disabled={voice.phase === 'connecting'}
			className="grid size-20 place-items-center rounded-full bg-emerald-600 text-white shadow-xl shadow-emerald-600/30 transition-colors hover:bg-emerald-700 focus-visible:outline-4 focus-visible:outline-offset-4 disabled:opacity-60"
			aria-label={copy.start}
		>
			{voice.phase === 'connecting' ? <Spinner className="size-9" /> : <Phone className="size-9" aria-hidden />}
		</button>
	) : !micAvailable ? (
		// Nothing can hear the caller: no button to press (the note beside it says why), a muted mic.
		<div
			data-testid="voice-mic-off"
			aria-hidden
			className="grid size-12 shrink-0 place-items-center rounded-full bg-slate-200 text-slate-500"
		>
			{voice.phase === 'thinking' ? <Spinner className="size-6" /> : <MicOff className="size-6" />}
		</div>
	) : holding ? (
		<button
			type="button"
			aria-label={copy.holdToTalk}
			aria-pressed={voice.phase === 'recording'}
			disabled={!canTalk}
			onPointerDown={(event) => {
				event.currentTarget.setPointerCapture(event.pointerId)
				voice.pressMic()
			}}
			onPointerUp={voice.releaseMic}
			onPointerCancel={voice.releaseMic}
			onKeyDown={(event) => {
				if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
					event.preventDefault()
					voice.pressMic()
				}
			}}
			onKeyUp={(event) => {
				if (event.key === ' ' || event.key === 'Enter') voice.releaseMic()
			}}
			onContextMenu={(event) => event.preventDefault()}
			className={cn(
				'relative grid size-14 shrink-0 touch-none place-items-center rounded-full text-white shadow-lg transition-transform select-none focus-visible:outline-4 focus-visible:outline-offset-4 disabled:opacity-50 motion-reduce:transition-none',
				voice.phase === 'recording'
					? 'scale-110 bg-rose-600 shadow-rose-600/30'
					: 'bg-brand-600 shadow-brand-600/30 hover:bg-brand-700',
			)}
		>
			{voice.phase === 'recording' ? (
				<span
					aria-hidden
					className="absolute inset-0 animate-ping rounded-full bg-rose-500/40 motion-reduce:animate-none"
				/>
			) : null}
			{voice.phase === 'thinking' ? <Spinner className="size-7" /> : <Mic className="size-7" aria-hidden />}
		</button>
	) : (
		// Hands-free: nothing to press; the circle shows what the microphone is doing.
		<div
			data-testid="voice-mic-indicator"
			data-phase={voice.phase}
			aria-hidden
			className={cn(
				'relative grid size-14 shrink-0 place-items-center rounded-full text-white shadow-lg',
				voice.phase === 'hearing' ? 'scale-110 bg-rose-600' : 'bg-brand-600',
			)}
		>
			{voice.phase === 'hearing' || voice.phase === 'listening' ? (
				<span
					className={cn(
						'absolute inset-0 rounded-full motion-reduce:animate-none',
						voice.phase === 'hearing' ? 'animate-ping bg-rose-500/40' : 'bg-brand-400/30 animate-pulse',
					)}
				/>
			) : null}
			{voice.phase === 'thinking' || voice.phase === 'preparing' ? (
				<Spinner className="size-7" />
			) : (
				<Mic className="size-7" />
			)}
		</div>
	)

	const modeSwitch =
		micAvailable && transcription ? (
			<fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-700">
				<legend className="sr-only">{copy.modeLabel}</legend>
				<div className="inline-flex rounded-full bg-white p-0.5 ring-1 ring-slate-200">
					{(
						[
							['hands-free', copy.handsFree],
							['hold', copy.hold],
						] as const
					).map(([value, label]) => (
						<label
							key={value}
							className={cn(
								'cursor-pointer rounded-full px-3 py-1 font-medium whitespace-nowrap has-[:focus-visible]:outline-2',
								voice.mode === value ? 'bg-brand-600 text-white' : 'text-slate-700',
							)}
						>
							<input
								type="radio"
								name={`voice-mode-${agent.id}`}
								value={value}
								checked={voice.mode === value}
								onChange={() => voice.setMode(value)}
								className="sr-only"
							/>
							{label}
						</label>
					))}
				</div>
				{voice.mode === 'hands-free' ? (
					<div className="flex items-center gap-2">
						<label htmlFor={`voice-pause-${agent.id}`}>{copy.pauseLabel}</label>
						<input
							id={`voice-pause-${agent.id}`}
							type="range"
							min={END_OF_TURN_MIN_MS}
							max={END_OF_TURN_MAX_MS}
							step={50}
							value={voice.pauseMs}
							aria-valuetext={copy.pauseValue(voice.pauseMs)}
							onChange={(event) => voice.setPause(Number(event.target.value))}
							className="accent-brand-600 w-24"
						/>
						<output htmlFor={`voice-pause-${agent.id}`} className="w-12 tabular-nums">
							{copy.pauseValue(voice.pauseMs)}
						</output>
					</div>
				) : null}
			</fieldset>
		) : null
	// In a short window's call, how to talk is one line that opens (it is changed rarely once talking).
	const compact = connected && short
	const modeControl =
		modeSwitch && compact ? (
			<details data-testid="voice-mode-details" className="group text-xs text-slate-700">
				<summary className="flex cursor-pointer list-none items-center gap-1 font-medium [&::-webkit-details-marker]:hidden">
					<span className="truncate">
						<span className="sr-only">{copy.modeLabel}: </span>
						{holding ? copy.hold : `${copy.handsFree}, ${copy.pauseValue(voice.pauseMs)}`}
					</span>
					<ChevronDown className="size-3.5 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
				</summary>
				<div className="mt-1.5">{modeSwitch}</div>
			</details>
		) : (
			modeSwitch
		)
	// The call's state, how to talk, and a microphone problem: above the start button, or in the call's row.
	const statusAndMode = (
		<>
			<p
				role="status"
				data-testid="voice-status"
				title={compact ? status : undefined}
				className={cn('text-sm font-medium text-slate-700', compact && 'line-clamp-2')}
			>
				{status}
			</p>
			{modeControl}
			{voice.problem ? <MicProblemNote problem={voice.problem} /> : null}
		</>
	)

	return (
		// The dialog is as tall as the window allows (720 px at most): where that is too short for all of
		// this (a 568 px phone before the call, the notices open), the body scrolls inside it, so the text
		// box is never cut off under the dialog's edge. Only the transcript gives up room (to 8rem).
		<div data-testid="voice-test-body" className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain">
			<VoiceProvidersNotice
				providers={providers}
				browser={{
					recognition: transcription ? null : voice.browserRecognition,
					voice: voice.browserVoice,
				}}
				languageName={languageName}
				folded={connected}
			>
				{notices}
			</VoiceProvidersNotice>
			{!connected ? (
				// Before the call: the start button and how to talk, with room.
				<div className="from-brand-50 flex shrink-0 flex-col items-center gap-3 bg-gradient-to-b to-white px-6 py-5 text-center">
					{micControl}
					{statusAndMode}
				</div>
			) : (
				// During the call: one compact row (mic, status, how to talk, End), the rest is the conversation.
				<div
					data-testid="voice-controls"
					className={cn('flex shrink-0 items-center gap-3 bg-white px-4', compact ? 'py-1.5' : 'py-2.5')}
				>
					{micControl}
					<div className="flex min-w-0 flex-1 flex-col gap-1.5">{statusAndMode}</div>
					<button
						type="button"
						onClick={voice.end}
						aria-label={copy.end}
						title={copy.end}
						className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full bg-white px-3 text-sm font-semibold text-rose-700 shadow-sm ring-1 ring-rose-200 hover:bg-rose-50"
					>
						<PhoneOff className="size-4" aria-hidden />
						<span className="hidden sm:inline">{copy.endShort}</span>
					</button>
				</div>
			)}
			<ol
				ref={listRef}
				aria-label={copy.transcriptLabel}
				aria-live="polite"
				className="min-h-32 flex-1 space-y-3 overflow-y-auto border-t border-slate-200 bg-slate-50 px-5 py-4"
			>
				{voice.turns.map((turn) => (
					<TranscriptTurn key={turn.id} turn={turn} agentName={agent.name}>
						{voice.timings[turn.id] ? <TurnTimings timings={voice.timings[turn.id]} legendId={legendId} /> : null}
					</TranscriptTurn>
				))}
			</ol>
			{Object.keys(voice.timings).length > 0 ? (
				<p
					id={legendId}
					// Each reply says where its figures count from; on phones the legend stays for screen readers only.
					className="sr-only border-t border-slate-200 px-5 py-1.5 text-xs text-slate-600 sm:not-sr-only sm:flex sm:items-center sm:gap-1.5"
				>
					<Timer className="size-3.5 shrink-0 text-slate-500" aria-hidden />
					{copy.timingsLegend}
				</p>
			) : null}
			<form
				ref={formRef}
				className="flex shrink-0 items-end gap-2 border-t border-slate-200 px-4 py-3"
				onSubmit={(event) => {
					event.preventDefault()
					if (voice.sendText(text)) setText('')
				}}
			>
				<label htmlFor="voice-text" className="sr-only">
					{copy.textLabel}
				</label>
				<input
					id="voice-text"
					value={text}
					onChange={(event) => setText(event.target.value)}
					maxLength={VOICE_TEXT_MAX_CHARS}
					disabled={!connected}
					placeholder={connected ? copy.textLabel : copy.idle}
					autoComplete="off"
					className="focus:ring-brand-500 h-11 min-w-0 flex-1 rounded-xl border-0 px-3.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-100"
				/>
				<button
					type="submit"
					disabled={!connected || !text.trim() || voice.phase === 'thinking'}
					aria-label={copy.send}
					className="bg-brand-600 hover:bg-brand-700 grid size-11 shrink-0 place-items-center rounded-xl text-white disabled:opacity-50"
				>
					<Send className="size-5" aria-hidden />
				</button>
			</form>
		</div>
	)
}

export function VoiceTestDialog({
	agent,
	transcription,
	onClose,
}: {
	agent: (VoiceTestAgent & { providers: VoiceProviders }) | null
	transcription: boolean
	onClose: () => void
}) {
	return (
		<Dialog open={agent !== null} onOpenChange={(open) => !open && onClose()}>
			{agent ? (
				<DialogContent className="h-[min(720px,calc(100dvh-2rem))] max-w-md" aria-describedby="voice-test-description">
					<DialogHeader
						title={copy.title(agent.name)}
						description={copy.description}
						descriptionId="voice-test-description"
					/>
					<VoiceTest key={agent.id} agent={agent} transcription={transcription} providers={agent.providers} />
				</DialogContent>
			) : null}
		</Dialog>
	)
}
