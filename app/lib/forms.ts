// Form posts: their text fields, and validation results for the page (one message per field, and
// the toast that sums them up).
import type { z } from 'zod'
import type { ToastInput } from './toast.ts'

export type FieldErrors = Partial<Record<string, string>>

/** First message per field, for showing next to each input. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
	const errors: FieldErrors = {}
	for (const issue of error.issues) {
		const key = String(issue.path[0] ?? 'form')
		errors[key] ??= issue.message
	}
	return errors
}

/**
 * The spec's "Missing information" toast when a required field is empty (its message is the
 * required-field text), otherwise the first problem under `failTitle`.
 */
export function formProblemToast(
	errors: FieldErrors,
	missing: { title: string; description: string },
	failTitle: string,
	/** The fields' own "required" messages: any of them means the spec's 'Missing information' toast. */
	required: Record<string, string>,
): ToastInput {
	const messages = Object.values(errors).filter((m): m is string => Boolean(m))
	return messages.some((message) => Object.values(required).includes(message))
		? { type: 'error', ...missing }
		: { type: 'error', title: failTitle, description: messages[0] }
}

/** The named text fields of a form post ('' for missing ones and for files). */
export function textFieldsOf<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
	const values = {} as Record<K, string>
	for (const key of keys) {
		const value = form.get(key)
		values[key] = typeof value === 'string' ? value : ''
	}
	return values
}
