// Accessible dialog on Radix UI: focus trap, Escape to close, focus restored to the trigger.
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X, type LucideIcon } from 'lucide-react'
import { useRef } from 'react'
import { DialogToasts } from '~/components/toast-message.tsx'
import { cn } from '~/lib/misc.ts'

export const Dialog = DialogPrimitive.Root
export const DialogTitle = DialogPrimitive.Title
export const DialogDescription = DialogPrimitive.Description

export function DialogContent({
	className,
	children,
	onOpenAutoFocus,
	onCloseAutoFocus,
	...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
	// Dialogs opened from state (not a Radix Trigger) still give focus back to whatever opened them.
	const returnFocusTo = useRef<HTMLElement | null>(null)
	return (
		<DialogPrimitive.Portal>
			<DialogPrimitive.Overlay className="data-[state=open]:animate-fade-in fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
			<DialogPrimitive.Content
				className={cn(
					'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10 focus:outline-none',
					className,
				)}
				onOpenAutoFocus={(event) => {
					returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
					onOpenAutoFocus?.(event)
				}}
				onCloseAutoFocus={(event) => {
					onCloseAutoFocus?.(event)
					if (!event.defaultPrevented && returnFocusTo.current?.isConnected) {
						event.preventDefault()
						returnFocusTo.current.focus()
					}
				}}
				{...props}
			>
				{children}
				<DialogPrimitive.Close
					className="absolute top-3 right-3 rounded-full p-2 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
					aria-label="Close"
				>
					<X className="size-5" aria-hidden />
				</DialogPrimitive.Close>
			</DialogPrimitive.Content>
		</DialogPrimitive.Portal>
	)
}

/**
 * The top bar of a dialog: an optional round icon, the title and a one-line description (its id is
 * what the content's aria-describedby names), with room kept for the close button. `children` go
 * at the end of the bar (a toggle, for one).
 */
export function DialogHeader({
	icon: Icon,
	title,
	description,
	descriptionId,
	children,
}: {
	icon?: LucideIcon
	title: React.ReactNode
	description: React.ReactNode
	descriptionId: string
	children?: React.ReactNode
}) {
	return (
		<>
			<div className="flex items-center gap-3 border-b border-slate-200 py-3 pr-14 pl-4 sm:pl-6">
				{Icon ? (
					<span className="bg-brand-600 grid size-9 shrink-0 place-items-center rounded-full text-white">
						<Icon className="size-5" aria-hidden />
					</span>
				) : null}
				<div className="min-w-0 flex-1">
					<DialogTitle
						className="font-display truncate text-base font-bold text-slate-900"
						title={typeof title === 'string' ? title : undefined}
					>
						{title}
					</DialogTitle>
					<DialogDescription id={descriptionId} className="text-xs text-slate-500">
						{description}
					</DialogDescription>
				</div>
				{children}
			</div>
			{/* Toasts raised while the dialog is open show here, in its flow (ADR 0074). */}
			<DialogToasts />
		</>
	)
}
