import { expect, test } from 'vitest'
import { BCRYPT_COST, burnPasswordCheck, hashPassword, verifyPassword } from './password.server.ts'

test('hashes with bcrypt at cost 10 or more and verifies', async () => {
	expect(BCRYPT_COST).toBeGreaterThanOrEqual(10)
	const hash = await hashPassword('correct horse')
	expect(hash).toMatch(new RegExp(`^\\$2[aby]\\$${BCRYPT_COST}\\$`))
	expect(hash).not.toContain('correct horse')
	expect(await verifyPassword('correct horse', hash)).toBe(true)
	expect(await verifyPassword('correct horsE', hash)).toBe(false)
	expect(await hashPassword('correct horse')).not.toBe(hash) // salted
})

test('the unknown-e-mail path still spends a bcrypt comparison', async () => {
	const started = performance.now()
	expect(await burnPasswordCheck('anything')).toBe(false)
	expect(performance.now() - started).toBeGreaterThan(5)
})
