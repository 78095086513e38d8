import { expect, test } from 'vitest'
import { fieldErrorsOf, safeRedirect, SignInSchema, SignUpSchema } from './auth-schema.ts'

const valid = { fullName: 'Asha Verma', email: 'Asha@Example.com', password: 'secret1', confirmPassword: 'secret1' }

test('sign-up accepts a valid form and normalises the e-mail', () => {
	expect(SignUpSchema.parse(valid)).toMatchObject({ email: 'asha@example.com', fullName: 'Asha Verma' })
})

test('sign-up rules from the spec', () => {
	const errors = (input: Record<string, string>) => {
		const result = SignUpSchema.safeParse(input)
		return result.success ? {} : fieldErrorsOf(result.error)
	}
	expect(errors({ ...valid, fullName: ' ' })).toEqual({ fullName: 'Full Name is required' })
	expect(errors({ ...valid, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address' })
	expect(errors({ ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
		password: 'Password must be at least 6 characters',
	})
	expect(errors({ ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: 'Passwords do not match' })
	expect(errors({ ...valid, confirmPassword: '' })).toEqual({ confirmPassword: 'Confirm Password is required' })
	const long = 'ä'.repeat(37) // 74 bytes in UTF-8
	expect(errors({ ...valid, password: long, confirmPassword: long })).toEqual({
		password: 'Password must be at most 72 bytes',
	})
})

test('sign-in needs both fields', () => {
	const result = SignInSchema.safeParse({ email: '', password: '' })
	expect(result.success).toBe(false)
	expect(fieldErrorsOf(result.error!)).toEqual({ email: 'Email is required', password: 'Password is required' })
})

test('redirects after sign-in stay on this site', () => {
	expect(safeRedirect('/playground/voicebots')).toBe('/playground/voicebots')
	expect(safeRedirect('//evil.example/x')).toBe('/playground')
	expect(safeRedirect('/\\evil.example')).toBe('/playground')
	expect(safeRedirect('https://evil.example')).toBe('/playground')
	expect(safeRedirect(null)).toBe('/playground')
	// A tab or line break is dropped by browsers (`/\t/evil` is `//evil`) or breaks the header.
	expect(safeRedirect('/\t/evil.example/x')).toBe('/playground')
	expect(safeRedirect('/\n/evil.example')).toBe('/playground')
	expect(safeRedirect('/\u0085/evil.example')).toBe('/playground')
	expect(safeRedirect('/a\\b')).toBe('/playground')
	// Dot segments stay as written, so the browser resolves them on this site.
	expect(safeRedirect('/a/..//evil.example')).toBe('/a/..//evil.example')
	expect(safeRedirect('/playground?tab=1#x')).toBe('/playground?tab=1#x')
})
