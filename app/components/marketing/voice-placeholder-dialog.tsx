import { AudioLines, LoaderCircle } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog.tsx'
import { voicePlaceholder } from '~/content/home.ts'
import { cn } from '~/lib/misc.ts'

type Status = 'disconnected' | 'connecting' | 'connected'
const VOICE_PLACEHOLDER_CONNECT_MS = 1000

/** Spec: disconnected, then connecting on open, then connected after 1 s with one response line. */
export function VoicePlaceholderDialog({
	open,
	onOpenChange,
}: {
	open: boolean
	onOpenChange: (open: boolean) => void
}) {
	const [status, setStatus] = useState<Status>('disconnected')
	useEffect(() => {
		if (!open) {
			setStatus('disconnected')
			return
		}
		setStatus('connecting')
		const timer = window.setTimeout(() => setStatus('connected'), VOICE_PLACEHOLDER_CONNECT_MS)
		return () => window.clearTimeout(timer)
	}, [open])

	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="max-w-md">
				<div className="via-brand-600 bg-gradient-to-br from-sky-500 to-fuchsia-600 px-6 pt-8 pb-10 text-white">
					<DialogTitle className="font-display text-xl font-bold">{voicePlaceholder.title}</DialogTitle>
					<DialogDescription className="mt-1 text-sm text-white/85">{voicePlaceholder.description}</DialogDescription>
					<div className="mt-8 flex flex-col items-center gap-4">
						<span
							className={cn(
								'grid size-20 place-items-center rounded-full bg-white/15 ring-1 ring-white/30',
								status === 'connected' && 'ring-4 ring-white/40',
							)}
						>
							{status === 'connecting' ? (
								<LoaderCircle className="size-9 animate-spin" aria-hidden />
							) : (
								<AudioLines className="size-9" aria-hidden />
							)}
						</span>
						<p role="status" data-status={status} className="text-sm font-semibold tracking-wide uppercase">
							{voicePlaceholder.statusLabels[status]}
						</p>
					</div>
				</div>
				<div className="min-h-28 px-6 py-5" aria-live="polite">
					{status === 'connected' ? (
						<p className="animate-fade-in rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-sm leading-relaxed text-slate-800">
							{voicePlaceholder.response}
						</p>
					) : (
						<p className="text-sm text-slate-500">Connecting you to the demo assistant…</p>
					)}
				</div>
			</DialogContent>
		</Dialog>
	)
}
