// The Active switch and Delete of both builders' cards: plain form posts that redirect back to the
// list with the spec's toast. Each builder passes its own list path, copy and owner-scoped functions.
import { z } from 'zod'
import { redirectWithToast } from '~/lib/toast.server.ts'

type CardIntentCopy = {
	notFound: string
	activated: string
	deactivated: string
	deleted: string
	deleteFailed: { title: string; description: string }
}

const IdSchema = z.object({ id: z.uuid() })
const ToggleSchema = IdSchema.extend({ active: z.enum(['true', 'false']) })

export async function toggleIntent(
	form: FormData,
	{
		userId,
		listPath,
		toasts,
		setActive,
	}: {
		userId: string
		listPath: string
		toasts: CardIntentCopy
		setActive: (userId: string, id: string, active: boolean) => Promise<boolean>
	},
) {
	const parsed = ToggleSchema.safeParse({ id: form.get('id'), active: form.get('active') })
	const active = parsed.data?.active === 'true'
	if (!parsed.success || !(await setActive(userId, parsed.data.id, active))) {
		return redirectWithToast(listPath, { type: 'error', title: 'Error', description: toasts.notFound })
	}
	return redirectWithToast(listPath, { type: 'success', title: active ? toasts.activated : toasts.deactivated })
}

export async function deleteIntent(
	form: FormData,
	{
		userId,
		listPath,
		toasts,
		remove,
		label,
	}: {
		userId: string
		listPath: string
		toasts: CardIntentCopy
		remove: (userId: string, id: string) => Promise<boolean>
		label: string
	},
) {
	const parsed = IdSchema.safeParse({ id: form.get('id') })
	try {
		if (!parsed.success || !(await remove(userId, parsed.data.id))) {
			return redirectWithToast(listPath, { type: 'error', ...toasts.deleteFailed })
		}
	} catch (error) {
		// Only a valid UUID gets this far, so the log line carries nothing the client made up.
		console.error(`${label}: deleting ${parsed.data?.id} of user ${userId} failed:`, error)
		return redirectWithToast(listPath, { type: 'error', ...toasts.deleteFailed })
	}
	return redirectWithToast(listPath, { type: 'success', title: toasts.deleted })
}
