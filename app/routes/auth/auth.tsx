import { data } from 'react-router'
import { company } from '~/content/company.ts'
import { safeRedirect, type FieldErrors } from '~/features/accounts/auth-schema.ts'
import { AuthError, signIn, signUp } from '~/features/accounts/auth.server.ts'
import { rememberPendingSignup } from '~/features/accounts/pending-signup.server.ts'
import { AuthCard } from '~/features/accounts/ui/auth-card.tsx'
import { SignInForm, SignUpForm, type AuthFormResult } from '~/features/accounts/ui/auth-forms.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { Island } from '~/lib/islands/island.tsx'
import { logValue } from '~/lib/log.ts'
import { cn } from '~/lib/misc.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast, type Toast } from '~/lib/toast.ts'
import { requireAnonymous } from '~/routes/guards.server.ts'
import type { Route } from './+types/auth'
import { authErrorStatus, setCookieHeaders } from './auth-responses.server.ts'

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
			return fail(
				authErrorStatus(error),
				intent === 'signin' ? 'Sign in failed' : 'Sign up failed',
				error.message,
				fieldErrors,
			)
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

// Served as HTML with islands, without React Router's client (ADR 0021): the forms are islands.
export const handle = { islands: true }

export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
	const tab: Tab = actionData?.intent ?? loaderData.tab
	const tabHref = (t: Tab) => {
		const params = new URLSearchParams()
		if (t === 'signup') params.set('tab', 'signup')
		if (loaderData.redirectTo) params.set('redirectTo', loaderData.redirectTo)
		const query = params.toString()
		return query ? `/auth?${query}` : '/auth'
	}
	const result = (intent: Tab): AuthFormResult | null =>
		actionData?.intent === intent
			? {
					toast: actionData.toast,
					fieldErrors: actionData.fieldErrors,
					email: actionData.fields.email ?? '',
					fullName: actionData.fields.fullName ?? '',
				}
			: null
	return (
		<AuthCard title="Welcome" subtitle="Build your AI assistants in minutes.">
			<nav aria-label="Sign in or sign up" className="mt-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
				{(['signin', 'signup'] as const).map((t) => (
					<a
						key={t}
						href={tabHref(t)}
						aria-current={tab === t ? 'page' : undefined}
						className={cn(
							'rounded-lg py-2 text-center text-sm font-semibold transition-colors',
							tab === t ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
						)}
					>
						{t === 'signin' ? 'Sign In' : 'Sign Up'}
					</a>
				))}
			</nav>
			{/* Without JavaScript the forms post and the server checks them; they wake when the page has
			    loaded, to check fields before sending and show the password toggles. */}
			{tab === 'signin' ? (
				<Island
					name="sign-in-form"
					component={SignInForm}
					props={{ redirectTo: loaderData.redirectTo, result: result('signin') }}
				/>
			) : (
				<Island name="sign-up-form" component={SignUpForm} props={{ result: result('signup') }} />
			)}
		</AuthCard>
	)
}
