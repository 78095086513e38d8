// Who may ask, as every loader and action checks it: the HTTP side of the accounts feature's
// getUser. A visitor who is not signed in is sent to /auth (and brought back after signing in),
// an admin-only page answers 403 to everyone else, and /auth sends a signed-in user on.
import { redirect } from 'react-router'
import { getUser, type SessionUser } from '~/features/accounts/auth.server.ts'

/** The signed-in user, or a redirect to /auth that comes back here after signing in. */
export async function requireUser(request: Request) {
	const result = await getUser(request)
	if (!result.user) {
		const url = new URL(request.url)
		const back = url.pathname + url.search
		throw redirect(back === '/playground' ? '/auth' : `/auth?${new URLSearchParams({ redirectTo: back })}`)
	}
	return result as { user: SessionUser; setCookie: string | null; sessionId: string }
}

export async function requireAdmin(request: Request) {
	const result = await requireUser(request)
	if (!result.user.isAdmin) throw new Response('Forbidden', { status: 403 })
	return result
}

/** For /auth: a signed-in visitor goes straight to the Playground. */
export async function requireAnonymous(request: Request) {
	const { user } = await getUser(request)
	if (user) throw redirect('/playground')
}
