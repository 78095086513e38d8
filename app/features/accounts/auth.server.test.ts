// The administrator is the *verified* account whose e-mail equals ADMIN_EMAIL, decided on the
// server for every request (vitest sets ADMIN_EMAIL=admin@example.com).
import { afterAll, expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { createSession } from '~/lib/session.server.ts'
import { getUser } from './auth.server.ts'

const created: string[] = []
afterAll(async () => {
	await prisma.user.deleteMany({ where: { id: { in: created } } })
})

async function requestAs(email: string, verified: boolean) {
	const user = await prisma.user.upsert({
		where: { email },
		create: { email, passwordHash: 'x', emailVerifiedAt: verified ? new Date() : null },
		update: { emailVerifiedAt: verified ? new Date() : null },
	})
	created.push(user.id)
	const { setCookie } = await createSession(user.id)
	return new Request('http://localhost/playground', { headers: { Cookie: setCookie.split(';')[0] } })
}

test('only the verified owner of ADMIN_EMAIL is the administrator', async () => {
	expect((await getUser(await requestAs('admin@example.com', false))).user?.isAdmin).toBe(false)
	expect((await getUser(await requestAs('admin@example.com', true))).user?.isAdmin).toBe(true)
	expect((await getUser(await requestAs('someone@example.com', true))).user?.isAdmin).toBe(false)
	expect((await getUser(new Request('http://localhost/'))).user).toBeNull()
})
