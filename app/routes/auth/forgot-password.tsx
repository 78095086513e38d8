import { data, Form, Link, useNavigation } from 'react-router'
import { showToast, ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { company } from '~/content/company.ts'
import { ForgotPasswordSchema, type FieldErrors } from '~/features/accounts/auth-schema.ts'
import { AuthError, requireAnonymous, requestPasswordReset } from '~/features/accounts/auth.server.ts'
import { AuthCard } from '~/features/accounts/ui/auth-card.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { logValue } from '~/lib/log.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import type { Route } from './+types/forgot-password'

const FAILED = 'Reset failed'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request }: Route.ActionArgs) {
	const form = await readFormData(request)
	const email = String(form.get('email') ?? '')
	const fail = (status: number, description: string, fieldErrors: FieldErrors = {}) =>
		data({ toast: makeToast({ type: 'error', title: FAILED, description }), fieldErrors, email }, { status })
	try {
		await requestPasswordReset(request, form)
	} catch (error) {
		if (error instanceof AuthError) {
			return fail(error.status, error.message, error.field ? { [error.field]: error.message } : {})
		}
		console.error(`Password reset request failed unexpectedly for ${logValue(email)}:`, error)
		return fail(500, 'An unexpected error occurred')
	}
	// The same answer whether or not the address has an account.
	return redirectWithToast('/auth', {
		type: 'success',
		title: 'Check your email',
		description: 'If an account uses that address, we have sent it a link to set a new password. It works for 1 hour.',
	})
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `Forgot password | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
	const hydrated = useHydrated()
	const busy = useNavigation().state === 'submitting'
	const { clientErrors, validate } = useClientValidation(ForgotPasswordSchema, (fieldErrors) =>
		showToast({ type: 'error', title: FAILED, description: Object.values(fieldErrors)[0] }),
	)
	const errors = clientErrors ?? actionData?.fieldErrors ?? {}
	return (
		<AuthCard title="Forgot password?" subtitle="Enter your email and we will send you a link to set a new one.">
			<Form
				method="post"
				replace
				noValidate={hydrated}
				onSubmit={validate}
				className="mt-6 space-y-4"
				aria-label="Forgot password"
			>
				<Field
					label="Email"
					name="email"
					type="email"
					autoComplete="email"
					required
					defaultValue={actionData?.email}
					error={errors.email}
				/>
				<Button type="submit" size="lg" className="w-full" disabled={busy}>
					{busy ? 'Sending...' : 'Send reset link'}
				</Button>
				<p className="text-center text-sm">
					<Link to="/auth" className="text-brand-700 font-semibold hover:underline">
						Back to Sign In
					</Link>
				</p>
			</Form>
			<ToastMessage toast={actionData?.toast} />
		</AuthCard>
	)
}
