// A toast message: set by a server action (flash cookie or action data), shown by react-hot-toast
// with JavaScript and as a server-rendered status message without it.
import { z } from 'zod'

export const ToastSchema = z.object({
	id: z.string(),
	type: z.enum(['success', 'error', 'message']),
	title: z.string(),
	description: z.string().optional(),
})
export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = Omit<Toast, 'id'> & { id?: string }

export function makeToast(input: ToastInput): Toast {
	return { ...input, id: input.id ?? Math.random().toString(36).slice(2) }
}
