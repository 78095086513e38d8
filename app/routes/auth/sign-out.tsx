import { redirect } from 'react-router'
import { destroySession } from '~/features/accounts/auth.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import type { Route } from './+types/sign-out'

export async function loader() {
	return redirect('/playground')
}

export async function action({ request }: Route.ActionArgs) {
	const clearCookie = await destroySession(request)
	return redirectWithToast(
		'/auth',
		{ type: 'success', title: 'Signed out' },
		{ headers: { 'Set-Cookie': clearCookie } },
	)
}
