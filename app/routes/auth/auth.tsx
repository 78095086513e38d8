import { data, Form, Link, useNavigation } from 'react-router'
import { showToast, ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, PasswordField } from '~/components/ui/field.tsx'
import { company } from '~/content/company.ts'
import { safeRedirect, SignInSchema, SignUpSchema, type FieldErrors } from '~/features/accounts/auth-schema.ts'
import { AuthError, requireAnonymous, signIn, signUp } from '~/features/accounts/auth.server.ts'
import { rememberPendingSignup } from '~/features/accounts/pending-signup.server.ts'
import { EmailField, NewPasswordFields } from '~/features/accounts/ui/account-fields.tsx'
import { AuthCard, setCookieHeaders } from '~/features/accounts/ui/auth-card.tsx'
import { useAccountForm } from '~/features/accounts/ui/use-account-form.ts'
import { readFormData } from '~/lib/forms.server.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { logValue } from '~/lib/log.ts'
import { cn } from '~/lib/misc.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast, type Toast } from '~/lib/toast.ts'
import type { Route } from './+types/auth'

type Tab = 'signin' | 'signup'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	const url = new URL(request.url)
	const tab: Tab = url.searchParams.get('tab') === 'signup' ? 'signup' : 'signin'
	const redirectTo = url.searchParams.get('redirectTo')
	return { tab, redirectTo: redirectTo ? safeRedirect(redirectTo) : null }
}

type ActionData = { intent: Tab; toast: Toast; fieldErrors: FieldErrors; fields: { email?: string; fullName?: string } }

export async function action({ request }: Route.ActionArgs) {
	// remix-auth reads the body again for sign-in, hence the clone.
	const form = await readFormData(request.clone())
	const intent: Tab = form.get('intent') === 'signup' ? 'signup' : 'signin'
	const fields = { email: String(form.get('email') ?? ''), fullName: String(form.get('fullName') ?? '') }
	const fail = (status: number, title: string, description: string, fieldErrors: FieldErrors = {}) =>
		data<ActionData>(
			{ intent, toast: makeToast({ type: 'error', title, description }), fieldErrors, fields },
			{ status },
		)
	try {
		if (intent === 'signin') {
			const { setCookies } = await signIn(request)
			return redirectWithToast(
				safeRedirect(form.get('redirectTo')),
				{ type: 'success', title: 'Welcome back!', description: 'You have successfully signed in.' },
				{ headers: setCookieHeaders(setCookies) },
			)
		}
		const { email } = await signUp(request, form)
		// A lasting "Check your inbox" page, not only the toast: it names the address and can resend.
		return redirectWithToast(
			'/auth/check-email',
			{ type: 'success', title: 'Account created!', description: 'Please check your email to verify your account.' },
			{ headers: { 'Set-Cookie': await rememberPendingSignup(email) } },
		)
	} catch (error) {
		if (error instanceof AuthError) {
			const fieldErrors = error.field ? { [error.field]: error.message } : {}
			if (error.message === 'Passwords do not match')
				return fail(400, 'Password mismatch', 'Passwords do not match', fieldErrors)
			return fail(error.status, intent === 'signin' ? 'Sign in failed' : 'Sign up failed', error.message, fieldErrors)
		}
		console.error(`${intent} failed unexpectedly for ${logValue(fields.email)}:`, error)
		return fail(500, 'Error', 'An unexpected error occurred')
	}
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `Sign in | ${company.name}` },
	{ name: 'description', content: `Sign in or create an account for the ${company.name} AI Playground.` },
	{ name: 'robots', content: 'noindex' },
]

export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
	const tab: Tab = actionData?.intent ?? loaderData.tab
	const tabHref = (t: Tab) => {
		const params = new URLSearchParams()
		if (t === 'signup') params.set('tab', 'signup')
		if (loaderData.redirectTo) params.set('redirectTo', loaderData.redirectTo)
		const query = params.toString()
		return query ? `/auth?${query}` : '/auth'
	}
	return (
		<AuthCard title="Welcome" subtitle="Build your AI assistants in minutes.">
			<nav aria-label="Sign in or sign up" className="mt-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
				{(['signin', 'signup'] as const).map((t) => (
					<Link
						key={t}
						to={tabHref(t)}
						replace
						preventScrollReset
						aria-current={tab === t ? 'page' : undefined}
						className={cn(
							'rounded-lg py-2 text-center text-sm font-semibold transition-colors',
							tab === t ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
						)}
					>
						{t === 'signin' ? 'Sign In' : 'Sign Up'}
					</Link>
				))}
			</nav>
			{tab === 'signin' ? (
				<SignInForm
					key="signin"
					redirectTo={loaderData.redirectTo}
					actionData={actionData?.intent === 'signin' ? actionData : undefined}
				/>
			) : (
				<SignUpForm key="signup" actionData={actionData?.intent === 'signup' ? actionData : undefined} />
			)}
			<ToastMessage toast={actionData?.toast} />
		</AuthCard>
	)
}

function useBusy(intent: Tab) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function SignInForm({ redirectTo, actionData }: { redirectTo: string | null; actionData?: ActionData }) {
	const busy = useBusy('signin')
	const { errors, formProps } = useAccountForm(SignInSchema, actionData?.fieldErrors)

	return (
		<Form {...formProps} replace className="mt-6 space-y-4" aria-label="Sign In">
			<input type="hidden" name="intent" value="signin" />
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			<EmailField defaultValue={actionData?.fields.email} error={errors.email} />
			<PasswordField
				label="Password"
				name="password"
				autoComplete="current-password"
				required
				error={errors.password}
			/>
			<Button type="submit" disabled={busy} size="lg" className="w-full">
				{busy ? 'Signing in...' : 'Sign In'}
			</Button>
			<p className="text-center text-sm">
				<Link to="/auth/forgot-password" className="text-brand-700 font-semibold hover:underline">
					Forgot password?
				</Link>
			</p>
		</Form>
	)
}

function SignUpForm({ actionData }: { actionData?: ActionData }) {
	const busy = useBusy('signup')
	const { errors, formProps } = useAccountForm(SignUpSchema, actionData?.fieldErrors, (fieldErrors) => {
		if (fieldErrors.confirmPassword === 'Passwords do not match' && Object.keys(fieldErrors).length === 1)
			showToast({ type: 'error', title: 'Password mismatch', description: 'Passwords do not match' })
	})

	return (
		<Form {...formProps} replace className="mt-6 space-y-4" aria-label="Sign Up">
			<input type="hidden" name="intent" value="signup" />
			<Field
				label="Full Name"
				name="fullName"
				autoComplete="name"
				required
				defaultValue={actionData?.fields.fullName}
				error={errors.fullName}
			/>
			<EmailField defaultValue={actionData?.fields.email} error={errors.email} />
			<NewPasswordFields label="Password" errors={errors} />
			<Button type="submit" disabled={busy} size="lg" className="w-full">
				{busy ? 'Creating account...' : 'Create Account'}
			</Button>
		</Form>
	)
}
