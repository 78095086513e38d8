import { describe, expect, test } from 'vitest'
import { openSecret, sealSecret } from './secret-box.server.ts'

const secret = 'a'.repeat(48)

describe('secret box', () => {
	test('opens what it sealed, and the sealed text does not contain the secret', () => {
		const sealed = sealSecret('gsk_live_1234567890abcdef', 'model-key', secret)
		expect(sealed).not.toContain('gsk_live')
		expect(sealed).toMatch(/^v1\./)
		expect(openSecret(sealed, 'model-key', secret)).toBe('gsk_live_1234567890abcdef')
	})

	test('each sealing differs (a fresh nonce), both open', () => {
		const one = sealSecret('same', 'model-key', secret)
		const two = sealSecret('same', 'model-key', secret)
		expect(one).not.toBe(two)
		expect(openSecret(two, 'model-key', secret)).toBe('same')
	})

	test('another server secret, another context or a changed byte does not open it', () => {
		const sealed = sealSecret('key', 'model-key', secret)
		expect(openSecret(sealed, 'model-key', 'b'.repeat(48))).toBeNull()
		expect(openSecret(sealed, 'webhook', secret)).toBeNull()
		const parts = sealed.split('.')
		const data = Buffer.from(parts[2], 'base64url')
		data[0] ^= 1
		parts[2] = data.toString('base64url')
		expect(openSecret(parts.join('.'), 'model-key', secret)).toBeNull()
		expect(openSecret('not sealed', 'model-key', secret)).toBeNull()
	})
})
