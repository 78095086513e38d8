import { Form, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
import { isAccountTokenValid } from '~/features/accounts/account-tokens.server.ts'
import { VerifyEmailSchema } from '~/features/accounts/auth-schema.ts'
import { verifyEmail } from '~/features/accounts/auth.server.ts'
import { INVALID_LINK } from '~/features/accounts/copy.ts'
import { AuthCard, InvalidLinkCard } from '~/features/accounts/ui/auth-card.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { textFieldsOf } from '~/lib/forms.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import type { Route } from './+types/verify'
import { setCookieHeaders } from './auth-responses.server.ts'

// The link in the verification e-mail opens this page; nothing changes until its button is pressed
// (a POST from this site), so a link fetched by a mail scanner, or opened in a page an attacker
// controls, signs nobody in.
export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	return { token, valid: await isAccountTokenValid(token, 'verify-email') }
}

export async function action({ request }: Route.ActionArgs) {
	const parsed = VerifyEmailSchema.safeParse(textFieldsOf(await readFormData(request), ['token']))
	// A post without a token (or with a made-up one far too long) is a link that does not work.
	const session = parsed.success ? await verifyEmail(parsed.data.token) : null
	if (!session) {
		return redirectWithToast('/auth', {
			type: 'error',
			title: 'Verification failed',
			description: `${INVALID_LINK} Sign in to get a new one.`,
		})
	}
	return redirectWithToast(
		'/playground',
		{ type: 'success', title: 'Email verified', description: 'Your account is ready. Welcome to the AI Playground!' },
		{ headers: setCookieHeaders(session.setCookies) },
	)
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `Verify your email | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export default function VerifyRoute({ loaderData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	if (!loaderData.valid) {
		return <InvalidLinkCard next="Sign in to get a new one." to="/auth" label="Go to Sign In" />
	}
	return (
		<AuthCard title="Confirm your email" subtitle="One click and your AI Playground account is ready.">
			<Form method="post" className="mt-6" aria-label="Verify email">
				<input type="hidden" name="token" value={loaderData.token} />
				<Button type="submit" size="lg" className="w-full" disabled={busy}>
					{busy ? 'Verifying...' : 'Verify email'}
				</Button>
			</Form>
		</AuthCard>
	)
}
