import { verifyEmail } from '~/features/accounts/auth.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { privateRouteHeaders } from '~/lib/http.server.ts'
import type { Route } from './+types/verify'

// The link in the verification e-mail: verifies the address, signs the user in, opens the Playground.
export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const session = await verifyEmail(token)
	if (!session) {
		return redirectWithToast('/auth', {
			type: 'error',
			title: 'Verification failed',
			description: 'This link is invalid or has expired. Sign in to get a new one.',
		})
	}
	return redirectWithToast(
		'/playground',
		{ type: 'success', title: 'Email verified', description: 'Your account is ready. Welcome to the AI Playground!' },
		{ headers: { 'Set-Cookie': session.setCookie } },
	)
}

export const headers = privateRouteHeaders
