// What every account form does the same way: the browser checks it with the server's schema first
// (errors by their fields, the first field focused; no "failed" toast, since nothing was sent), and
// without JavaScript the browser's own checks stay on and the server's errors come back by their fields.
import type { z } from 'zod'
import type { FieldErrors } from '~/features/accounts/auth-schema.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'

export function useAccountForm(
	schema: z.ZodType,
	serverErrors: FieldErrors | undefined,
	/** A toast of its own for some errors (sign-up's 'Password mismatch', which the spec asks for). */
	onInvalid: (errors: FieldErrors) => void = () => {},
) {
	const hydrated = useHydrated()
	const { clientErrors, validate } = useClientValidation(schema, onInvalid)
	return {
		errors: clientErrors ?? serverErrors ?? {},
		formProps: { method: 'post', noValidate: hydrated, onSubmit: validate } as const,
	}
}
