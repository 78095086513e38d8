// Checks a form in the browser with the same zod schema the server uses, before anything is sent.
// When it fails, the post is stopped, the errors go next to their fields, the first of those fields
// gets the focus (where a keyboard or screen-reader user needs to be) and `onInvalid` may add a toast.
import { useState } from 'react'
import type { z } from 'zod'
import { fieldErrorsOf, type FieldErrors } from './forms.ts'

export function useClientValidation(schema: z.ZodType, onInvalid: (errors: FieldErrors) => void) {
	const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
	function validate(event: React.FormEvent<HTMLFormElement>) {
		const result = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
		if (result.success) return setClientErrors(null)
		event.preventDefault()
		const fieldErrors = fieldErrorsOf(result.error)
		setClientErrors(fieldErrors)
		const first = Object.keys(fieldErrors)
			.map((name) => event.currentTarget.elements.namedItem(name))
			.find((field) => field instanceof HTMLElement)
		if (first instanceof HTMLElement) first.focus()
		onInvalid(fieldErrors)
	}
	return { clientErrors, validate }
}
