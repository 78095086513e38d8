// Which model answers, said where the owner tries or reads answers (the preview, the voice test):
// the offline model with what it does and how to connect another, or the connected model's name.
import { Cpu } from 'lucide-react'
import { modelCopy, modelLine, type ModelSummary } from '~/ai/model-notice.ts'
import { cn } from '~/lib/misc.ts'

export function ModelNotice({ model, className }: { model: ModelSummary; className?: string }) {
	const offline = model.kind === 'offline'
	return (
		<div
			role="note"
			data-testid="model-notice"
			className={cn(
				'flex items-start gap-2 border-b px-5 py-2 text-xs',
				offline ? 'border-amber-200 bg-amber-50 text-amber-950' : 'border-emerald-200 bg-emerald-50 text-emerald-900',
				className,
			)}
		>
			<Cpu className="mt-0.5 size-3.5 shrink-0" aria-hidden />
			<div className="min-w-0">
				<p className="font-semibold">{modelLine(model)}</p>
				{offline ? (
					<details className="mt-0.5">
						<summary className="cursor-pointer font-medium underline underline-offset-2">
							How to connect a model
						</summary>
						<p className="mt-1">{modelCopy.howToConnect}</p>
					</details>
				) : null}
			</div>
		</div>
	)
}
