import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { createContext, useContext, useEffect, useRef, useState } from 'react'
import { wakeIsland } from '~/lib/islands/wake.ts'
import { cn } from '~/lib/misc.ts'
import type { Toast } from '~/lib/toast.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

/**
 * Where toasts sit (docs/decisions/0065-toasts-clear-of-controls.md). The site: top-centre, under
 * its fixed header (ADR 0020). The Playground: top-centre over its own sticky header, whose middle
 * is empty on wide screens; a corner would sit on a page's controls (the live preview's composer
 * and Send at the bottom right, a section's form at the bottom left, the Active switch at the top
 * right on tablets), and under the header on phones it would sit on the way back and the switch.
 */
export type ToastPlacement = 'site' | 'app'

const placementContext = createContext<ToastPlacement>('site')
/** The Playground's frame says its toasts are an app's, so a section's own toast sits with the rest. */
export const ToastPlacementProvider = placementContext.Provider

/** The toaster's distance from the top of the window, in pixels. */
const TOP: Record<ToastPlacement, number> = { site: 76, app: 8 }
const DISMISS_LABEL = 'Dismiss'

type ToastType = Toast['type']

const ICONS = {
	error: { icon: CircleAlert, className: 'text-rose-600' },
	success: { icon: CircleCheck, className: 'text-emerald-600' },
	message: { icon: Info, className: 'text-brand-600' },
} as const

function ToastBody({ toast }: { toast: Pick<Toast, 'title' | 'description'> }) {
	return (
		<div className="text-sm">
			<p className="font-semibold text-slate-900">{toast.title}</p>
			{toast.description ? <p className="mt-0.5 text-slate-600">{toast.description}</p> : null}
		</div>
	)
}

/** A toast's face: its icon, what it says, and a button that closes it (with or without JavaScript). */
function ToastCard({
	type,
	dismiss,
	children,
}: {
	type: ToastType
	dismiss: React.ReactNode
	children: React.ReactNode
}) {
	const { icon: Icon, className } = ICONS[type]
	return (
		<div data-toast className="flex w-full items-start gap-3 py-1 pl-1">
			<Icon className={cn('mt-0.5 size-5 shrink-0', className)} aria-hidden />
			{/* The library centres its message; ours reads from the left, as the server's does. */}
			<div className="min-w-0 flex-1 *:m-0! *:justify-start!">{children}</div>
			{dismiss}
		</div>
	)
}

const dismissClass =
	'-mt-1 -mr-1 grid size-8 shrink-0 cursor-pointer place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900'

// react-hot-toast is fetched with the first toast, not with every page: most visits never see one.
// Its store keeps toasts raised before the Toaster mounts, so nothing is lost while it loads.
type HotToast = typeof import('react-hot-toast')
let library: Promise<HotToast> | undefined
const loadLibrary = () => (library ??= import('react-hot-toast'))
const toasterWaiters = new Set<() => void>()
let toasterWanted = false

type ShownToast = Omit<Toast, 'id'> & { id?: string }
const durationOf = (toast: ShownToast) => (toast.type === 'error' ? 5000 : 4000)

/**
 * The open dialogs' toast places (`DialogToasts`), the newest last. A toast raised while a dialog is
 * open shows inside it, under its header: the page's toaster sat on a phone's dialog header (its title
 * and close button) at 320 px, and outside a modal dialog it is hidden from screen readers (Radix
 * marks everything else aria-hidden), so "Connected" was never heard (ADR 0074).
 */
const dialogPlaces: Array<(toast: ShownToast) => void> = []

/** Shows a toast from the browser (validation before sending). */
export function showToast(toast: ShownToast) {
	const place = dialogPlaces.at(-1)
	if (place) {
		// One at a time, here too: the page's toast (if any) goes.
		if (library) void library.then(({ default: hotToast }) => hotToast.dismiss())
		return place(toast)
	}
	toasterWanted = true
	// On a public page the toaster is an island of its own, woken by the first toast (ADR 0021).
	wakeIsland('toasts')
	for (const wake of toasterWaiters) wake()
	void loadLibrary().then(({ default: hotToast }) => {
		const show = toast.type === 'error' ? hotToast.error : toast.type === 'success' ? hotToast.success : hotToast
		// The same message again replaces the one on screen instead of piling up under it.
		const id = toast.id ?? `${toast.type}|${toast.title}|${toast.description ?? ''}`
		// One at a time, as a snackbar: a second toast stacked under the first reached down onto the
		// page's controls (a chatbot's Active switch), and the newer message is the one that matters.
		hotToast.dismiss()
		// Announced politely: react-hot-toast's message is role="status", aria-live="polite".
		show(<ToastBody toast={toast} />, { id, duration: durationOf(toast) })
	})
}

/**
 * Closes the page's toasts now: a page's news once what it said is overtaken (a run's result shown
 * while "Tests queued" still shows), or its page is left (first-time user's trial: "Tests not run"
 * followed onto the suggestions page). A toast raised after this call still shows: both go through
 * the same loaded library, in order.
 */
export function dismissToasts() {
	// Removed, not dismissed: a dismissed toast stays on screen for its second of fading out.
	if (library) void library.then(({ default: hotToast }) => hotToast.remove())
}

/**
 * A toast the server sent (flash cookie or action data). With JavaScript it pops up through
 * react-hot-toast; without, the server-rendered message below is the toast, in the same place, and
 * its close button is the summary of an open `<details>`, which needs no script.
 */
export function ToastMessage({ toast, placement }: { toast: Toast | null | undefined; placement?: ToastPlacement }) {
	const hydrated = useHydrated()
	const framed = useContext(placementContext)
	useEffect(() => {
		// Keyed by what it says, not by the flash's own id: submitting the same wrong password four
		// times shows one 'Sign in failed', not four stacked over the heading.
		if (toast) showToast({ type: toast.type, title: toast.title, description: toast.description })
	}, [toast])
	if (!toast || hydrated) return null
	return (
		<div
			className="pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4"
			style={{ top: TOP[placement ?? framed] }}
		>
			<details
				open
				className="pointer-events-auto relative w-full max-w-md rounded-xl bg-white py-2.5 pr-13 pl-3 shadow-xl ring-1 ring-slate-200 not-open:hidden"
			>
				<summary
					className={cn(dismissClass, 'absolute top-2.5 right-2 m-0 list-none [&::-webkit-details-marker]:hidden')}
				>
					<X className="size-4" aria-hidden />
					<span className="sr-only">{DISMISS_LABEL}</span>
				</summary>
				<div role={toast.type === 'error' ? 'alert' : 'status'}>
					<ToastCard type={toast.type} dismiss={null}>
						<ToastBody toast={toast} />
					</ToastCard>
				</div>
			</details>
		</div>
	)
}

/**
 * Where an open dialog shows toasts: in its flow under its header, so it covers none of the dialog's
 * controls, inside the dialog's focus trap (its Dismiss button can be reached) and in a live region
 * screen readers hear. Two at most, each for its own few seconds: a problem ("Failed to access
 * microphone") is not wiped out by the "Connected" that follows it at once. A toast still showing
 * when the dialog closes moves to the page's toaster.
 */
export function DialogToasts() {
	const [toasts, setToasts] = useState<Array<ShownToast & { key: string }>>([])
	const current = useRef(toasts)
	current.current = toasts
	useEffect(() => {
		const place = (next: ShownToast) => {
			const key = next.id ?? `${next.type}|${next.title}|${next.description ?? ''}`
			setToasts((shown) => [...shown.filter((toast) => toast.key !== key), { ...next, key }].slice(-2))
		}
		dialogPlaces.push(place)
		return () => {
			dialogPlaces.splice(dialogPlaces.indexOf(place), 1)
			for (const toast of current.current) showToast(toast)
		}
	}, [])
	const dismiss = (key: string) => setToasts((shown) => shown.filter((toast) => toast.key !== key))
	return (
		<div aria-live="polite" data-testid="dialog-toasts" className="shrink-0 empty:hidden">
			{toasts.map((toast) => (
				<DialogToast key={toast.key} toast={toast} onDismiss={() => dismiss(toast.key)} />
			))}
		</div>
	)
}

function DialogToast({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
	const dismissRef = useRef(onDismiss)
	dismissRef.current = onDismiss
	useEffect(() => {
		const timer = setTimeout(() => dismissRef.current(), durationOf(toast))
		return () => clearTimeout(timer)
	}, [toast])
	return (
		// Polite, as the page's toaster's (role="status"): the dialog's own messages say the problem.
		<div role="status" className="border-b border-slate-200 bg-white px-3 py-2 shadow-sm sm:px-5">
			<ToastCard
				type={toast.type}
				dismiss={
					<button type="button" className={dismissClass} onClick={onDismiss}>
						<X className="size-4" aria-hidden />
						<span className="sr-only">{DISMISS_LABEL}</span>
					</button>
				}
			>
				<ToastBody toast={toast} />
			</ToastCard>
		</div>
	)
}

/** react-hot-toast's toaster, drawn with the same card as the server's toast and a close button. */
function Toaster({ placement }: { placement: ToastPlacement }) {
	const [hot, setHot] = useState<HotToast | null>(null)
	useEffect(() => {
		const mount = () => void loadLibrary().then((module) => setHot(module))
		if (toasterWanted) mount()
		toasterWaiters.add(mount)
		return () => void toasterWaiters.delete(mount)
	}, [])
	if (!hot) return null
	const { Toaster: HotToaster, ToastBar, default: hotToast } = hot
	return (
		<HotToaster
			position="top-center"
			containerStyle={{ top: TOP[placement] }}
			toastOptions={{ className: '!rounded-xl !shadow-xl ring-1 ring-slate-200' }}
		>
			{/* The library's bar (its entrance, which follows reduced motion) around our card, without its
			    animated icon: the same icon as without JavaScript. */}
			{(shown) => (
				<ToastBar toast={shown} style={{ maxWidth: '28rem', width: '100%', padding: '0.625rem 0.75rem' }}>
					{({ message }) => (
						<ToastCard
							type={shown.type === 'error' ? 'error' : shown.type === 'success' ? 'success' : 'message'}
							dismiss={
								<button type="button" className={dismissClass} onClick={() => hotToast.dismiss(shown.id)}>
									<X className="size-4" aria-hidden />
									<span className="sr-only">{DISMISS_LABEL}</span>
								</button>
							}
						>
							{message}
						</ToastCard>
					)}
				</ToastBar>
			)}
		</HotToaster>
	)
}

/** The page's toasts: the one the server sent, and the toaster that shows it and any raised later. */
export function PageToasts({ toast, placement }: { toast: Toast | null | undefined; placement: ToastPlacement }) {
	return (
		<>
			<Toaster placement={placement} />
			<ToastMessage toast={toast} placement={placement} />
		</>
	)
}
