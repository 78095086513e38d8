import { ArrowUpRight, Bot } from 'lucide-react'
import { company } from '~/content/company.ts'
import { chatPlaceholder } from '~/content/home.ts'
import { ExternalButtonLink } from '../ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx'

/** The chat dialog shell with Riya's greeting; live answers arrive with the chat widget. */
export function ChatPlaceholderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent className="h-[700px] max-w-2xl">
				<div className="flex items-center gap-3 border-b border-slate-200 px-6 py-4">
					<span className="grid size-10 place-items-center rounded-full bg-brand-600 text-white">
						<Bot className="size-5" aria-hidden />
					</span>
					<div>
						<DialogTitle className="font-display text-base font-bold text-slate-900">{chatPlaceholder.title}</DialogTitle>
						<DialogDescription className="text-xs text-slate-500">{chatPlaceholder.description}</DialogDescription>
					</div>
				</div>
				<div className="flex-1 space-y-4 overflow-y-auto bg-slate-50 px-6 py-6">
					<p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200">
						{chatPlaceholder.greeting}
					</p>
					<p className="max-w-[85%] rounded-2xl rounded-tl-sm bg-brand-50 px-4 py-3 text-sm leading-relaxed text-brand-900 ring-1 ring-brand-100">
						{chatPlaceholder.note}
					</p>
				</div>
				<div className="border-t border-slate-200 px-6 py-4">
					<ExternalButtonLink href={company.externalLinks.scheduling} className="w-full">
						Book a Free Consultation
						<ArrowUpRight className="size-4" aria-hidden />
					</ExternalButtonLink>
				</div>
			</DialogContent>
		</Dialog>
	)
}
