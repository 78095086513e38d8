/**
 * What the caller asked and the details they gave (call_logs.inquiry_details: a summary, then name,
 * phone, e-mail and questions a line each), in full, on the administrator's dashboard and in an
 * assistant's Calls section. Never cut to a line with the rest in a hover title: a title is invisible
 * on a touch screen, and these are the details the owner needs to call back.
 */
export function CallInquiry({ details }: { details: string }) {
	return (
		<div
			data-testid="inquiry"
			className="mt-3 rounded-xl bg-amber-50/60 p-3 text-sm text-slate-800 ring-1 ring-amber-200"
		>
			<p className="font-semibold text-slate-900">Inquiry</p>
			<p className="mt-1 break-words whitespace-pre-wrap">{details}</p>
		</div>
	)
}
