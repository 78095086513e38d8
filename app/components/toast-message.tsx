import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import { useEffect } from 'react'
import hotToast, { Toaster as HotToaster } from 'react-hot-toast'
import type { Toast } from '~/utils/toast.ts'
import { useHydrated } from '~/utils/use-hydrated.ts'

function ToastBody({ toast }: { toast: Pick<Toast, 'title' | 'description'> }) {
	return (
		<div className="text-sm">
			<p className="font-semibold text-slate-900">{toast.title}</p>
			{toast.description ? <p className="mt-0.5 text-slate-600">{toast.description}</p> : null}
		</div>
	)
}

/** Shows a toast from the browser (validation before sending). */
export function showToast(toast: Omit<Toast, 'id'> & { id?: string }) {
	const show = toast.type === 'error' ? hotToast.error : toast.type === 'success' ? hotToast.success : hotToast
	show(<ToastBody toast={toast} />, { id: toast.id, duration: toast.type === 'error' ? 5000 : 4000 })
}

/**
 * A toast the server sent (flash cookie or action data). With JavaScript it pops up through
 * react-hot-toast; without, the server-rendered message below is the toast.
 */
export function ToastMessage({ toast }: { toast: Toast | null | undefined }) {
	const hydrated = useHydrated()
	useEffect(() => {
		if (toast) showToast(toast)
	}, [toast])
	if (!toast || hydrated) return null
	const Icon = toast.type === 'error' ? CircleAlert : toast.type === 'success' ? CircleCheck : Info
	return (
		<div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
			<div
				role={toast.type === 'error' ? 'alert' : 'status'}
				className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl bg-white px-4 py-3 shadow-xl ring-1 ring-slate-200"
			>
				<Icon className={toast.type === 'error' ? 'size-5 shrink-0 text-rose-600' : 'size-5 shrink-0 text-emerald-600'} aria-hidden />
				<ToastBody toast={toast} />
			</div>
		</div>
	)
}

export function Toaster() {
	return <HotToaster position="top-center" containerStyle={{ top: 80 }} toastOptions={{ className: '!rounded-xl !shadow-xl' }} />
}
