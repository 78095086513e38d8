import { expect, test } from 'vitest'
import { createVerificationToken, readVerificationToken, VERIFICATION_TTL_MS } from './verification.server.ts'

test('a token names its user and address until it expires', () => {
	const now = Date.now()
	const token = createVerificationToken('user-1', 'a@example.com', now)
	expect(readVerificationToken(token, now + 1000)).toEqual({ userId: 'user-1', email: 'a@example.com' })
	expect(readVerificationToken(token, now + VERIFICATION_TTL_MS + 1)).toBeNull()
})

test('a changed token is refused', () => {
	const token = createVerificationToken('user-1', 'a@example.com')
	const [payload, signature] = token.split('.')
	const forged = Buffer.from(JSON.stringify({ u: 'user-2', e: 'a@example.com', x: Date.now() + 1e6 })).toString(
		'base64url',
	)
	expect(readVerificationToken(`${forged}.${signature}`)).toBeNull()
	expect(readVerificationToken(`${payload}.${signature.slice(0, -2)}xx`)).toBeNull()
	expect(readVerificationToken('garbage')).toBeNull()
})
