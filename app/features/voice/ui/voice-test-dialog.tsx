// The voice test dialog: start, talk hands-free (or hold the mic), hear the real reply, end. It says
// each reply's latency as it happens (which speech-to-text and voice are in use is said above it,
// voice-providers-notice.tsx).
// A text box is always there for those who cannot or would rather not speak.
import { Mic, Phone, PhoneOff, Send, Timer } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Dialog, DialogContent, DialogHeader } from '~/components/ui/dialog.tsx'
import { Spinner } from '~/components/ui/spinner.tsx'
import { VOICE_TEXT_MAX_CHARS } from '~/features/voice/conversation-schema.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { cn } from '~/lib/misc.ts'
import { END_OF_TURN_MAX_MS, END_OF_TURN_MIN_MS } from '~/lib/voice/end-of-turn.ts'
import type { LiveTimings } from '~/lib/voice/turn-engine.ts'
import { useVoiceTest, type VoicePhase, type VoiceTestAgent, type VoiceTurn } from './use-voice-test.ts'
import { VoiceProvidersNotice, type VoiceProviders } from './voice-providers-notice.tsx'

const { test: copy } = voicebotBuilder

const statusText: Record<VoicePhase, string> = {
	idle: copy.idle,
	connecting: 'Connecting…',
	preparing: copy.preparing,
	ready: copy.ready,
	listening: copy.listening,
	hearing: copy.hearing,
	speaking: copy.speaking,
	recording: copy.recording,
	thinking: copy.thinking,
}

const TIMING_KEYS = ['transcriptMs', 'firstTokenMs', 'firstAudioMs', 'serverMs'] as const

/**
 * A reply's latency under it, in the type scale's small size: each step counted from the end of the
 * caller's speech, said once in the legend under the conversation (`legendId`) and per figure on hover.
 */
function TurnTimings({ timings, legendId }: { timings: LiveTimings; legendId: string }) {
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

/** The test itself: in the dialog from the list, and inline on the assistant's page. */
export function VoiceTest({
	agent,
	transcription,
	serverSpeech,
}: {
	agent: VoiceTestAgent
	transcription: boolean
	/** The server has a speech endpoint (else the browser speaks, and the endpoint is never asked). */
	serverSpeech: boolean
}) {
	const voice = useVoiceTest(agent, { transcription, serverSpeech })
	const [text, setText] = useState('')
	const listRef = useRef<HTMLOListElement>(null)
	const legendId = useId()
	const connected = voice.phase !== 'idle' && voice.phase !== 'connecting'
	const holding = voice.mode === 'hold'
	const canTalk = connected && voice.phase !== 'thinking' && voice.phase !== 'preparing'
	const micAvailable = (transcription || voice.browserRecognition) && !voice.micBlocked
	useEffect(() => {
		listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
	}, [voice.turns])

	return (
		<div className="flex min-h-0 flex-1 flex-col">
			<div
				className={cn(
					'from-brand-50 flex flex-col items-center gap-3 bg-gradient-to-b to-white px-6',
					connected ? 'py-4' : 'py-6',
				)}
			>
				{!connected ? (
					<button
						type="button"
						onClick={voice.start}
						disabled={voice.phase === 'connecting'}
						className="grid size-24 place-items-center rounded-full bg-emerald-600 text-white shadow-xl shadow-emerald-600/30 transition-colors hover:bg-emerald-700 focus-visible:outline-4 focus-visible:outline-offset-4 disabled:opacity-60"
						aria-label={copy.start}
					>
						{voice.phase === 'connecting' ? <Spinner className="size-10" /> : <Phone className="size-10" aria-hidden />}
					</button>
				) : holding ? (
					<button
						type="button"
						aria-label={copy.holdToTalk}
						aria-pressed={voice.phase === 'recording'}
						disabled={!canTalk || !micAvailable}
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
							'relative grid size-20 touch-none place-items-center rounded-full text-white shadow-xl transition-transform select-none focus-visible:outline-4 focus-visible:outline-offset-4 disabled:opacity-50 motion-reduce:transition-none',
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
						{voice.phase === 'thinking' ? <Spinner className="size-10" /> : <Mic className="size-10" aria-hidden />}
					</button>
				) : (
					// Hands-free: nothing to press; the circle shows what the microphone is doing.
					<div
						data-testid="voice-mic-indicator"
						data-phase={voice.phase}
						aria-hidden
						className={cn(
							'relative grid size-20 place-items-center rounded-full text-white shadow-xl',
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
							<Spinner className="size-10" />
						) : (
							<Mic className="size-10" />
						)}
					</div>
				)}
				<p role="status" data-testid="voice-status" className="text-center text-sm font-medium text-slate-700">
					{statusText[voice.phase]}
				</p>
				{/* Said before anyone presses the mic: without speech-to-text it could only fail. */}
				{!micAvailable ? (
					<p data-testid="no-speech" className="max-w-xs text-center text-xs text-slate-600">
						{copy.noSpeech}
					</p>
				) : null}
				{micAvailable ? (
					<fieldset className="flex flex-col items-center gap-2 text-xs text-slate-700">
						<legend className="sr-only">{copy.modeLabel}</legend>
						<div className="inline-flex rounded-full bg-white p-0.5 ring-1 ring-slate-200">
							{(
								[
									['hands-free', copy.handsFree],
									['hold', copy.hold],
								] as const
							).map(([value, label]) =>
								value === 'hands-free' && !transcription ? null : (
									<label
										key={value}
										className={cn(
											'cursor-pointer rounded-full px-3 py-1 font-medium has-[:focus-visible]:outline-2',
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
								),
							)}
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
									className="accent-brand-600 w-28"
								/>
								<output htmlFor={`voice-pause-${agent.id}`} className="w-12 tabular-nums">
									{copy.pauseValue(voice.pauseMs)}
								</output>
							</div>
						) : null}
					</fieldset>
				) : null}
				{connected ? (
					<button
						type="button"
						onClick={voice.end}
						className="inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-rose-700 shadow-sm ring-1 ring-rose-200 hover:bg-rose-50"
					>
						<PhoneOff className="size-4" aria-hidden />
						{copy.end}
					</button>
				) : null}
			</div>
			<ol
				ref={listRef}
				aria-label={copy.transcriptLabel}
				aria-live="polite"
				className="min-h-32 flex-1 space-y-3 overflow-y-auto border-t border-slate-200 bg-slate-50 px-5 py-4"
			>
				{voice.turns.map((turn) => (
					<li
						key={turn.id}
						data-role={turn.role}
						className={cn('flex flex-col', turn.role === 'user' ? 'items-end' : 'items-start')}
					>
						<p
							className={cn(
								'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed',
								turn.role === 'user'
									? 'bg-brand-600 rounded-tr-sm text-white'
									: 'rounded-tl-sm bg-white text-slate-800 shadow-sm ring-1 ring-slate-200',
							)}
						>
							<span className="sr-only">{turn.role === 'user' ? `${copy.you}: ` : `${agent.name}: `}</span>
							{turn.text}
						</p>
						{turn.sources && turn.sources.length > 0 ? <TurnSources sources={turn.sources} /> : null}
						{voice.timings[turn.id] ? <TurnTimings timings={voice.timings[turn.id]} legendId={legendId} /> : null}
					</li>
				))}
			</ol>
			{Object.keys(voice.timings).length > 0 ? (
				<p
					id={legendId}
					className="flex items-center gap-1.5 border-t border-slate-200 px-5 py-1.5 text-xs text-slate-600"
				>
					<Timer className="size-3.5 shrink-0 text-slate-500" aria-hidden />
					{copy.timingsLegend}
				</p>
			) : null}
			<form
				className="flex items-end gap-2 border-t border-slate-200 px-4 py-3"
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
				<DialogContent className="h-[720px] max-w-md" aria-describedby="voice-test-description">
					<DialogHeader
						title={copy.title(agent.name)}
						description={copy.description}
						descriptionId="voice-test-description"
					/>
					<VoiceProvidersNotice providers={agent.providers} />
					<VoiceTest
						key={agent.id}
						agent={agent}
						transcription={transcription}
						serverSpeech={agent.providers.serverSpeech}
					/>
				</DialogContent>
			) : null}
		</Dialog>
	)
}
