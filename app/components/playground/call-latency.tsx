import { formatMs, LATENCY_STEPS, type CallLatency } from '~/lib/voice/turn-latency.ts'

/** A turn that came as text (typed, or recognised in the browser): its figures count from its sending. */
const SENT_AS_TEXT = 'sent as text'

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
 * administrator's dashboard and in an assistant's Calls section. A <details> so it
 * opens without JavaScript; a real table with headers; it scrolls sideways inside itself on a narrow
 * screen rather than widening the page.
 */
export function CallLatencyDetails({ latency, customerName }: { latency: CallLatency; customerName: string }) {
	return (
		<details data-testid="latency" className="mt-3 rounded-xl ring-1 ring-slate-200">
			<summary className="cursor-pointer rounded-xl px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
				Turns and latency ({latency.turns.length} {latency.turns.length === 1 ? 'turn' : 'turns'})
			</summary>
			<div
				tabIndex={0}
				role="region"
				aria-label={`Turn latency of the conversation with ${customerName}`}
				className="overflow-x-auto px-3 pb-3"
			>
				<table className="w-full min-w-[36rem] text-left text-sm text-slate-700">
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
								<th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap" data-from={turn.from}>
									{index + 1}
									{turn.from === 'sent' ? <span className="block text-xs text-slate-500">{SENT_AS_TEXT}</span> : null}
								</th>
								<td className="max-w-48 py-1 pr-3 break-words">{turn.heard}</td>
								<td className="max-w-48 py-1 pr-3 break-words">{turn.reply}</td>
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
		</details>
	)
}
