// The extractive notes of a call (issue 32, "After the call"): details from the caller's own lines only.
import { describe, expect, test } from 'vitest'
import { extractInquiry, inquiryText } from './inquiry.ts'

const call = (...lines: string[]) => lines.join('\n')

describe('extractInquiry', () => {
	test('name, phone, e-mail and questions from the caller’s lines', () => {
		const inquiry = extractInquiry(
			call(
				'Assistant: Namaste! Front desk here. My name is Riya.',
				'Caller: Hi, my name is Asha Rao.',
				'Assistant: Hello Asha.',
				'Caller: Are you open on Sunday?',
				'Caller: You can reach me at +91 98111 22334 or asha.rao@example.com.',
				'Caller: What do you charge for a cleaning?',
			),
		)
		expect(inquiry).toEqual({
			summary: 'Asha Rao asked: “Are you open on Sunday?” and 1 more question.',
			name: 'Asha Rao',
			phone: '+91 98111 22334',
			email: 'asha.rao@example.com',
			asked: ['Are you open on Sunday?', 'What do you charge for a cleaning?'],
		})
	})

	test('the assistant’s lines give nothing: its name is not the caller’s', () => {
		const inquiry = extractInquiry(call('Assistant: This is Riya, call me at 020 1234 5678.', 'Caller: hello'))
		expect(inquiry.name).toBeNull()
		expect(inquiry.phone).toBeNull()
	})

	test('without a question mark, what the caller said (not their details) is what they asked', () => {
		const inquiry = extractInquiry(
			call('Caller: I need a plumber tomorrow morning', 'Caller: This is Ravi, 9876543210'),
		)
		expect(inquiry.name).toBe('Ravi')
		expect(inquiry.phone).toBe('9876543210')
		expect(inquiry.asked).toEqual(['I need a plumber tomorrow morning'])
		expect(inquiry.summary).toBe('Ravi asked: “I need a plumber tomorrow morning”.')
	})

	test('what was asked is quoted without the name, number and address given with it', () => {
		const inquiry = extractInquiry(
			call(
				'Caller: My name is Asha, 98111 22334, what are your opening hours?',
				'Caller: This is Ravi, asha@example.com, I need a cleaning on Sunday',
			),
		)
		expect(inquiry).toMatchObject({ name: 'Asha', phone: '98111 22334', email: 'asha@example.com' })
		expect(inquiry.asked).toEqual(['What are your opening hours?'])
		expect(inquiry.summary).toBe('Asha asked: “What are your opening hours?”.')
		const text = inquiryText(inquiry)
		expect(text.split('\n').filter((line) => line.includes('98111'))).toEqual(['Phone: 98111 22334'])
		expect(text.split('\n').filter((line) => line.includes('Asha'))).toEqual([
			'Summary: Asha asked: “What are your opening hours?”.',
			'Name: Asha',
		])
	})

	test('no false details: short numbers, "I’m looking", dates', () => {
		const inquiry = extractInquiry(
			call('Caller: I’m looking for 2 rooms on 12.05.2026', 'Caller: I am Interested in 3 items'),
		)
		expect(inquiry.name).toBeNull()
		expect(inquiry.phone).toBeNull()
		expect(inquiry.email).toBeNull()
	})

	test('a question keeps its question mark, in the summary too, even with details after it', () => {
		const inquiry = extractInquiry(
			call('Caller: What are your hours, my name is Asha?', 'Caller: Do you open on Sunday, 9876543210?'),
		)
		expect(inquiry.asked).toEqual(['What are your hours?', 'Do you open on Sunday?'])
		expect(inquiry.summary).toBe('Asha asked: “What are your hours?” and 1 more question.')
	})

	test('a question asked again (other case, punctuation or spacing) is listed once', () => {
		const inquiry = extractInquiry(
			call(
				'Caller: What are your hours?',
				'Assistant: We open at nine.',
				'Caller: what are  your hours',
				'Caller: WHAT ARE YOUR HOURS?!',
				'Caller: Do you take cards?',
			),
		)
		expect(inquiry.asked).toEqual(['What are your hours?', 'Do you take cards?'])
		expect(inquiry.summary).toBe('The caller asked: “What are your hours?” and 1 more question.')
		expect(inquiryText(inquiry)).toContain('Asked: What are your hours? · Do you take cards?')
	})

	test('a call where the caller said nothing', () => {
		expect(inquiryText(extractInquiry('Assistant: Hello!'))).toBe(
			'Summary: The caller asked nothing the transcript shows.',
		)
	})
})

test('inquiryText: the summary, then each detail on its own line, capped', () => {
	const text = inquiryText({ summary: 'S.', name: 'Asha', phone: null, email: 'a@b.co', asked: ['One?', 'Two?'] })
	expect(text).toBe('Summary: S.\nName: Asha\nE-mail: a@b.co\nAsked: One? · Two?')
	expect(inquiryText({ summary: 'x'.repeat(3000), name: null, phone: null, email: null, asked: [] }).length).toBe(1500)
})
