import { data, Form, useNavigation } from 'react-router'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { PasswordField } from '~/components/ui/field.tsx'
import { company } from '~/content/company.ts'
import { ChangePasswordSchema } from '~/features/accounts/auth-schema.ts'
import { AuthError, changePassword } from '~/features/accounts/auth.server.ts'
import { NewPasswordFields } from '~/features/accounts/ui/account-fields.tsx'
import { useAccountForm } from '~/features/accounts/ui/use-account-form.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { authErrorData } from '~/routes/auth/auth-responses.server.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/account'

const FAILED = 'Password not changed'

export async function loader({ request }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	return data({ email: user.email }, { headers: privateHeaders(setCookie) })
}

export async function action({ request }: Route.ActionArgs) {
	const { user, sessionId } = await requireUser(request)
	const form = await readFormData(request)
	try {
		await changePassword(user, sessionId, form)
	} catch (error) {
		if (!(error instanceof AuthError)) throw error
		return authErrorData(error, FAILED)
	}
	return redirectWithToast('/playground/account', {
		type: 'success',
		title: 'Password changed',
		description: 'Every other device has been signed out.',
	})
}

export const meta: Route.MetaFunction = () => [
	{ title: `Account | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	const { errors, formProps } = useAccountForm(ChangePasswordSchema, actionData?.fieldErrors)
	return (
		<section className="mx-auto max-w-xl rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
			<h2 className="font-display text-xl font-bold text-slate-950">Account</h2>
			<p className="mt-1 text-sm break-words text-slate-600">
				Signed in as <span className="font-semibold text-slate-900">{loaderData.email}</span>
			</p>
			<Form {...formProps} className="mt-6 space-y-4" aria-label="Change password">
				<h3 className="font-semibold text-slate-900">Change password</h3>
				<PasswordField
					label="Current Password"
					name="currentPassword"
					autoComplete="current-password"
					required
					error={errors.currentPassword}
				/>
				<NewPasswordFields label="New Password" errors={errors} />
				<Button type="submit" disabled={busy}>
					{busy ? 'Saving...' : 'Change password'}
				</Button>
			</Form>
			<ToastMessage toast={actionData?.toast} />
		</section>
	)
}
