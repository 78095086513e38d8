import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import { useEffect, useState, type ComponentType } from 'react'
import { wakeIsland } from '~/lib/islands/wake.ts'
import type { Toast } from '~/lib/toast.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

function ToastBody({ toast }: { toast: Pick<Toast, 'title' | 'description'> }) {
	return (
		<div className="text-sm">
			<p className="font-semibold text-slate-900">{toast.title}</p>
			{toast.description ? <p className="mt-0.5 text-slate-600">{toast.description}</p> : null}
		</div>
	)
}

// react-hot-toast is fetched with the first toast, not with every page: most visits never see one.
// Its store keeps toasts raised before the Toaster mounts, so nothing is lost while it loads.
let library: Promise<typeof import('react-hot-toast')> | undefined
const loadLibrary = () => (library ??= import('react-hot-toast'))
const toasterWaiters = new Set<() => void>()
let toasterWanted = false

/** Shows a toast from the browser (validation before sending). */
export function showToast(toast: Omit<Toast, 'id'> & { id?: string }) {
	toasterWanted = true
	// On a public page the toaster is an island of its own, woken by the first toast (ADR 0021).
	wakeIsland('toasts')
	for (const wake of toasterWaiters) wake()
	void loadLibrary().then(({ default: hotToast }) => {
		const show = toast.type === 'error' ? hotToast.error : toast.type === 'success' ? hotToast.success : hotToast
		// The same message again replaces the one on screen instead of piling up under it.
		const id = toast.id ?? `${toast.type}|${toast.title}|${toast.description ?? ''}`
		show(<ToastBody toast={toast} />, { id, duration: toast.type === 'error' ? 5000 : 4000 })
	})
}

/**
 * A toast the server sent (flash cookie or action data). With JavaScript it pops up through
 * react-hot-toast; without, the server-rendered message below is the toast.
 */
export function ToastMessage({ toast }: { toast: Toast | null | undefined }) {
	const hydrated = useHydrated()
	useEffect(() => {
		// Keyed by what it says, not by the flash's own id: submitting the same wrong password four
		// times shows one 'Sign in failed', not four stacked over the heading.
		if (toast) showToast({ type: toast.type, title: toast.title, description: toast.description })
	}, [toast])
	if (!toast || hydrated) return null
	const Icon = toast.type === 'error' ? CircleAlert : toast.type === 'success' ? CircleCheck : Info
	return (
		<div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
			<div
				role={toast.type === 'error' ? 'alert' : 'status'}
				className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl bg-white px-4 py-3 shadow-xl ring-1 ring-slate-200"
			>
				<Icon
					className={toast.type === 'error' ? 'size-5 shrink-0 text-rose-600' : 'size-5 shrink-0 text-emerald-600'}
					aria-hidden
				/>
				<ToastBody toast={toast} />
			</div>
		</div>
	)
}

/**
 * The site shows toasts under its header; the Playground, an app, in the bottom-right corner, away
 * from its header's controls and the forms it is about.
 */
function Toaster({ placement = 'site' }: { placement?: 'site' | 'app' }) {
	const [HotToaster, setHotToaster] = useState<ComponentType<Record<string, unknown>> | null>(null)
	useEffect(() => {
		const mount = () =>
			void loadLibrary().then((m) => setHotToaster(() => m.Toaster as ComponentType<Record<string, unknown>>))
		if (toasterWanted) mount()
		toasterWaiters.add(mount)
		return () => void toasterWaiters.delete(mount)
	}, [])
	if (!HotToaster) return null
	return (
		<HotToaster
			position={placement === 'app' ? 'bottom-right' : 'top-center'}
			containerStyle={placement === 'app' ? { bottom: 16, right: 16 } : { top: 76 }}
			toastOptions={{ className: '!rounded-xl !shadow-xl' }}
		/>
	)
}

/** The page's toasts: the one the server sent, and the toaster that shows it and any raised later. */
export function PageToasts({ toast, placement }: { toast: Toast | null | undefined; placement: 'site' | 'app' }) {
	return (
		<>
			<Toaster placement={placement} />
			<ToastMessage toast={toast} />
		</>
	)
}
