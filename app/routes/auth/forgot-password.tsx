import { Form, Link, useNavigation } from 'react-router'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
import { ForgotPasswordSchema } from '~/features/accounts/auth-schema.ts'
import { AuthError, requestPasswordReset } from '~/features/accounts/auth.server.ts'
import { EmailField } from '~/features/accounts/ui/account-fields.tsx'
import { AuthCard } from '~/features/accounts/ui/auth-card.tsx'
import { useAccountForm } from '~/features/accounts/ui/use-account-form.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { fieldErrorsOf, textFieldsOf } from '~/lib/forms.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { logValue } from '~/lib/log.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { requireAnonymous } from '~/routes/guards.server.ts'
import type { Route } from './+types/forgot-password'
import { authErrorData, invalidFormData } from './auth-responses.server.ts'

const FAILED = 'Reset failed'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	return null
}

export async function action({ request }: Route.ActionArgs) {
	const values = textFieldsOf(await readFormData(request), ['email'])
	const parsed = ForgotPasswordSchema.safeParse(values)
	if (!parsed.success) return invalidFormData(fieldErrorsOf(parsed.error), FAILED, values)
	try {
		await requestPasswordReset(request, parsed.data)
	} catch (error) {
		if (error instanceof AuthError) return authErrorData(error, FAILED, values)
		console.error(`Password reset request failed unexpectedly for ${logValue(values.email)}:`, error)
		return authErrorData(null, FAILED, values)
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
	const busy = useNavigation().state === 'submitting'
	const { errors, formProps } = useAccountForm(ForgotPasswordSchema, actionData?.fieldErrors)
	return (
		<AuthCard title="Forgot password?" subtitle="Enter your email and we will send you a link to set a new one.">
			<Form {...formProps} replace className="mt-6 space-y-4" aria-label="Forgot password">
				<EmailField defaultValue={actionData?.values.email} error={errors.email} />
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
