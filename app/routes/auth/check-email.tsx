import { MailCheck } from 'lucide-react'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Button } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
import { AuthError, resendVerification } from '~/features/accounts/auth.server.ts'
import { pendingSignupEmail } from '~/features/accounts/pending-signup.server.ts'
import { AuthCard } from '~/features/accounts/ui/auth-card.tsx'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { requireAnonymous } from '~/routes/guards.server.ts'
import type { Route } from './+types/check-email'
import { authErrorData } from './auth-responses.server.ts'

// After 'Create Account': a page that stays (the toast alone is easy to miss), naming the address,
// with 'Resend the link'. An address that already has an account gets the same page; the e-mail it
// receives says so.
export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	const email = await pendingSignupEmail(request)
	if (!email) throw redirect('/auth?tab=signup')
	return { email }
}

export async function action({ request }: Route.ActionArgs) {
	const email = await pendingSignupEmail(request)
	if (!email) return redirect('/auth?tab=signup')
	try {
		await resendVerification(request, email)
	} catch (error) {
		if (!(error instanceof AuthError)) throw error
		return authErrorData(error, 'Not sent')
	}
	return redirectWithToast('/auth/check-email', {
		type: 'success',
		title: 'Link sent',
		description: 'A new link is on its way. Links sent earlier no longer work.',
	})
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `Check your inbox | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function CheckEmailRoute({ loaderData, actionData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	return (
		<AuthCard
			title="Check your inbox"
			subtitle={
				<>
					We have sent a link to <strong className="break-all text-slate-900">{loaderData.email}</strong>. Open it to
					verify your address and start building.
				</>
			}
		>
			<div className="mt-6 flex items-start gap-3 rounded-2xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">
				<MailCheck className="text-brand-600 mt-0.5 size-5 shrink-0" aria-hidden />
				<p>It can take a minute to arrive. If it does not, look in your spam folder, or send it again.</p>
			</div>
			<Form method="post" className="mt-4" aria-label="Resend the link">
				<Button type="submit" variant="secondary" size="lg" className="w-full" disabled={busy}>
					{busy ? 'Sending...' : 'Resend the link'}
				</Button>
			</Form>
			<p className="mt-4 text-center text-sm text-slate-600">
				Wrong address?{' '}
				<Link to="/auth?tab=signup" className="text-brand-700 font-semibold hover:underline">
					Sign up again
				</Link>{' '}
				·{' '}
				<Link to="/auth" className="text-brand-700 font-semibold hover:underline">
					Sign in
				</Link>
			</p>
			<ToastMessage toast={actionData?.toast} />
		</AuthCard>
	)
}
