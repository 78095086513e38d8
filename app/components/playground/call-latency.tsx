import { HEARD_BY_LABEL } from '~/lib/voice/heard-by.ts'
import { formatMs, LATENCY_STEPS, type CallLatency, type LatencyFigures } from '~/lib/voice/turn-latency.ts'
import { TranscriptReply } from './transcript-reply.tsx'

/** A typed turn: its figures count from its sending. */
const SENT_AS_TEXT = HEARD_BY_LABEL.typed

/** What the figures count from, for the turns this call has: a typed turn has no end of speech. */
function latencyCaption(latency: CallLatency) {
	const spoken = latency.turns.some((turn) => turn.from === 'speech')
	const sent = latency.turns.some((turn) => turn.from === 'sent')
	const from =
		spoken && sent
			? `Milliseconds from the end of the caller's speech, or for a turn ${SENT_AS_TEXT} from when it was sent`
			: sent
				? 'Milliseconds from when each message was sent (typed, no speech)'
				: "Milliseconds from the end of the caller's speech"
	return `${from}; — for a step that did not happen.`
}

/**
 * A call's turns with each one's latency and the call's median per step (issue 32), on the
 * administrator's dashboard and in an assistant's Calls section. A <details> so it opens without
 * JavaScript. Where the call's box is narrow (a phone: 320–360 px) each turn is a card, what was said
 * in full width and its figures as a small definition list under it; a table of seven columns there
 * squeezed the reply to a few characters a line and put the figures off-screen in a scroller with no
 * cue. Where the box is wide enough, a real table with headers. The switch is a container query
 * (the box's width, not the window's: the Calls section sits beside the voice test on a wide screen),
 * in CSS, so it holds without JavaScript; the hidden layout is display: none, out of the
 * accessibility tree. The table comes first, as before, for whoever reads the markup.
 */
export function CallLatencyDetails({ latency, customerName }: { latency: CallLatency; customerName: string }) {
	return (
		<details data-testid="latency" className="@container mt-3 rounded-xl ring-1 ring-slate-200">
			<summary className="cursor-pointer rounded-xl px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
				Turns and latency ({latency.turns.length} {latency.turns.length === 1 ? 'turn' : 'turns'})
			</summary>
			<div
				tabIndex={0}
				role="region"
				aria-label={`Turn latency table of the conversation with ${customerName}`}
				className="hidden overflow-x-auto px-3 pb-3 @xl:block"
			>
				<table className="w-full text-left text-sm text-slate-700">
					<caption className="py-1 text-left text-xs text-slate-600">{latencyCaption(latency)}</caption>
					<thead>
						<tr className="border-b border-slate-200 text-xs text-slate-600">
							<th scope="col" className="py-1 pr-3 font-semibold">
								Turn
							</th>
							<th scope="col" className="py-1 pr-3 font-semibold">
								Caller said
							</th>
							<th scope="col" className="py-1 pr-3 font-semibold">
								Reply
							</th>
							{LATENCY_STEPS.map((step) => (
								<th key={step.key} scope="col" className="py-1 pr-3 text-right font-semibold whitespace-nowrap">
									{step.label}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{latency.turns.map((turn, index) => (
							<tr key={index} data-testid="latency-turn" className="border-b border-slate-100 align-top">
								<th
									scope="row"
									className="py-1 pr-3 font-normal whitespace-nowrap"
									data-from={turn.from}
									data-heard-by={turn.heardBy}
								>
									{index + 1}
									<span className="block text-xs whitespace-normal text-slate-500">{HEARD_BY_LABEL[turn.heardBy]}</span>
								</th>
								<td className="py-1 pr-3 break-words">{turn.heard}</td>
								<td className="py-1 pr-3 break-words">
									<TranscriptReply reply={turn.reply} />
								</td>
								{LATENCY_STEPS.map((step) => (
									<td key={step.key} className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">
										{formatMs(turn.timings[step.key])}
									</td>
								))}
							</tr>
						))}
					</tbody>
					<tfoot>
						<tr data-testid="latency-median" className="font-semibold text-slate-900">
							<th scope="row" colSpan={3} className="py-1 pr-3">
								Median
							</th>
							{LATENCY_STEPS.map((step) => (
								<td key={step.key} className="py-1 pr-3 text-right whitespace-nowrap tabular-nums">
									{formatMs(latency.medians[step.key])}
								</td>
							))}
						</tr>
					</tfoot>
				</table>
			</div>
			<section
				aria-label={`Turn latency of the conversation with ${customerName}`}
				data-testid="latency-cards"
				className="px-3 pb-3 @xl:hidden"
			>
				<p className="py-1 text-xs text-slate-600">{latencyCaption(latency)}</p>
				<ol className="space-y-2">
					{latency.turns.map((turn, index) => (
						<li
							key={index}
							data-testid="latency-turn"
							className="rounded-lg bg-slate-50 p-2 text-sm text-slate-700 ring-1 ring-slate-200"
						>
							<p className="text-xs font-semibold text-slate-600" data-from={turn.from} data-heard-by={turn.heardBy}>
								Turn {index + 1}
								<span className="font-normal text-slate-500"> ({HEARD_BY_LABEL[turn.heardBy]})</span>
							</p>
							<p className="mt-1 break-words">
								<span className="font-semibold text-slate-800">Caller said: </span>
								{turn.heard}
							</p>
							<p className="mt-1 break-words">
								<span className="font-semibold text-slate-800">Reply: </span>
								<TranscriptReply reply={turn.reply} />
							</p>
							<Figures figures={turn.timings} />
						</li>
					))}
				</ol>
				<div data-testid="latency-median" className="mt-2 px-2 text-sm font-semibold text-slate-900">
					<p>Median</p>
					<Figures figures={latency.medians} />
				</div>
			</section>
		</details>
	)
}

/** A turn's (or the median's) figures under its text on a narrow screen: two label–value pairs a line. */
function Figures({ figures }: { figures: LatencyFigures }) {
	return (
		<dl className="mt-1 grid grid-cols-[auto_1fr_auto_1fr] gap-x-2 gap-y-0.5 text-xs">
			{LATENCY_STEPS.map((step) => (
				<div key={step.key} className="contents">
					<dt className="font-normal text-slate-600">{step.label}</dt>
					<dd className="font-semibold text-slate-900 tabular-nums">{formatMs(figures[step.key])}</dd>
				</div>
			))}
		</dl>
	)
}
