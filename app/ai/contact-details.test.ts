import { describe, expect, test } from 'vitest'
import { emailIn, nameIn, phoneIn, withoutContactDetails } from './contact-details.ts'

describe('withoutContactDetails', () => {
	test('the question stays; the name, number and address given with it go', () => {
		expect(withoutContactDetails('my name is Asha, 98111 22334, what are your opening hours?')).toBe(
			'what are your opening hours?',
		)
		expect(
			withoutContactDetails('Hi, I am Ravi Kumar. You can reach me at ravi@example.com. Are you open on Sunday?'),
		).toBe('Are you open on Sunday?')
		expect(withoutContactDetails('This is Meera from Pune, call me on +91 98765 43210 about a cleaning')).toBe(
			'from Pune, about a cleaning',
		)
	})

	test('nothing but details: nothing left; no details: the text as it was', () => {
		expect(withoutContactDetails('My number is +91 98111 22334 and my e-mail asha@example.com')).toBe('')
		expect(withoutContactDetails('Hi, my name is Asha Rao.')).toBe('')
		expect(withoutContactDetails('Do you have 2 rooms on 12.05.2026? I am Interested.')).toBe(
			'Do you have 2 rooms on 12.05.2026? I am Interested.',
		)
		expect(withoutContactDetails('What happened in Europe in 1914-1918?')).toBe('What happened in Europe in 1914-1918?')
	})

	test('the details themselves', () => {
		const line = 'I’m Asha Rao, call me on +91 98111 22334 or asha.rao@example.com.'
		expect(nameIn(line)).toBe('Asha Rao')
		expect(phoneIn(line)).toBe('+91 98111 22334')
		expect(emailIn(line)).toBe('asha.rao@example.com')
	})
})
