import { Form, useNavigation } from 'react-router'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
import { isAccountTokenValid } from '~/features/accounts/account-tokens.server.ts'
import { ResetPasswordSchema } from '~/features/accounts/auth-schema.ts'
import { AuthError, resetPassword } from '~/features/accounts/auth.server.ts'
import { NewPasswordFields } from '~/features/accounts/ui/account-fields.tsx'
import { AuthCard, InvalidLinkCard } from '~/features/accounts/ui/auth-card.tsx'
import { useAccountForm } from '~/features/accounts/ui/use-account-form.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import type { Route } from './+types/reset-password'
import { authErrorData, setCookieHeaders } from './auth-responses.server.ts'

const FAILED = 'Reset failed'

// The link in the password-reset e-mail. Works for anyone holding it (signed in or not): the token
// is the proof. The password changes only on POST, once.
export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	return { token, valid: await isAccountTokenValid(token, 'reset-password') }
}

export async function action({ request }: Route.ActionArgs) {
	const form = await readFormData(request)
	try {
		const { setCookies } = await resetPassword(form)
		return redirectWithToast(
			'/playground',
			{
				type: 'success',
				title: 'Password updated',
				description: 'You are signed in with your new password. Every other device has been signed out.',
			},
			{ headers: setCookieHeaders(setCookies) },
		)
	} catch (error) {
		if (!(error instanceof AuthError)) throw error
		return authErrorData(error, FAILED)
	}
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `Set a new password | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	const { errors, formProps } = useAccountForm(ResetPasswordSchema, actionData?.fieldErrors)
	if (!loaderData.valid) {
		return <InvalidLinkCard next="Ask for a new one." to="/auth/forgot-password" label="Send a new link" />
	}
	return (
		<AuthCard title="Set a new password" subtitle="Choose a password you do not use anywhere else.">
			<Form {...formProps} className="mt-6 space-y-4" aria-label="Set a new password">
				<input type="hidden" name="token" value={loaderData.token} />
				<NewPasswordFields label="New Password" errors={errors} />
				<Button type="submit" size="lg" className="w-full" disabled={busy}>
					{busy ? 'Saving...' : 'Set new password'}
				</Button>
			</Form>
			<ToastMessage toast={actionData?.toast} />
		</AuthCard>
	)
}
