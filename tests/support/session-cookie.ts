// A signed-in Cookie header for route tests: a verified user with this e-mail (made if needed) and a
// session from the app's own session code.
import { prisma } from '~/lib/db.server.ts'
import { createSession } from '~/lib/session.server.ts'

export async function sessionCookieFor(email: string) {
	const user = await prisma.user.upsert({
		where: { email },
		create: { email, passwordHash: 'x', emailVerifiedAt: new Date() },
		update: { emailVerifiedAt: new Date() },
	})
	return (await createSession(user.id)).setCookie.split(';')[0]
}
