import { data, Form, useNavigation } from 'react-router'
import { showToast, ToastMessage } from '~/components/toast-message.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
import { isAccountTokenValid } from '~/features/accounts/account-tokens.server.ts'
import { ResetPasswordSchema, type FieldErrors } from '~/features/accounts/auth-schema.ts'
import { AuthError, resetPassword } from '~/features/accounts/auth.server.ts'
import { INVALID_LINK } from '~/features/accounts/copy.ts'
import { AuthCard, setCookieHeaders } from '~/features/accounts/ui/auth-card.tsx'
import { NewPasswordFields } from '~/features/accounts/ui/new-password-fields.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { useClientValidation } from '~/lib/use-client-validation.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import type { Route } from './+types/reset-password'

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
		const fieldErrors: FieldErrors = error.field ? { [error.field]: error.message } : {}
		return data(
			{ toast: makeToast({ type: 'error', title: FAILED, description: error.message }), fieldErrors },
			{ status: error.status },
		)
	}
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `Set a new password | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
	const hydrated = useHydrated()
	const busy = useNavigation().state === 'submitting'
	const { clientErrors, validate } = useClientValidation(ResetPasswordSchema, (fieldErrors) =>
		showToast({ type: 'error', title: FAILED, description: Object.values(fieldErrors)[0] }),
	)
	const errors = clientErrors ?? actionData?.fieldErrors ?? {}
	if (!loaderData.valid) {
		return (
			<AuthCard title="Link not valid" subtitle={`${INVALID_LINK} Ask for a new one.`}>
				<ButtonLink to="/auth/forgot-password" size="lg" className="mt-6 w-full">
					Send a new link
				</ButtonLink>
			</AuthCard>
		)
	}
	return (
		<AuthCard title="Set a new password" subtitle="Choose a password you do not use anywhere else.">
			<Form
				method="post"
				noValidate={hydrated}
				onSubmit={validate}
				className="mt-6 space-y-4"
				aria-label="Set a new password"
			>
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
