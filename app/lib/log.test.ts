import { expect, test, vi } from 'vitest'
import { logBlock, loggedUrl, requestLine, throttledWarn } from './log.ts'

test('the access log never holds a visitor’s credentials: token and visitorId are redacted, the rest kept', () => {
	expect(
		loggedUrl('/api/embed/b1/handoff/events?token=b1.aHR0cA.123.sig&visitorId=v-1&conversationId=c-1&since=x'),
	).toBe('/api/embed/b1/handoff/events?token=redacted&visitorId=redacted&conversationId=c-1&since=x')
	expect(loggedUrl('/playground/chatbots/b1?tab=tests')).toBe('/playground/chatbots/b1?tab=tests')
	expect(loggedUrl('/pricing')).toBe('/pricing')
})

test('a refusal or error line names the request without its credentials (attacker trial: the embed token was logged)', () => {
	expect(requestLine({ method: 'POST', originalUrl: '/embed/b1?token=b1.aHR0cA.123.sig' })).toBe(
		'POST "/embed/b1?token=redacted"',
	)
})

test('an e-mail body in the log cannot forge a line or drive a terminal (attacker trial: a test question held ESC sequences)', () => {
	const body =
		'Regressions:\n- When does the shop close \u001b[2J\u001b[31mFAKE\u0007\r\n[mail outbox] To: victim@example.com'
	const logged = logBlock(body)
	expect(logged.replace(/\n/g, '')).not.toMatch(/\p{Cc}/u)
	expect(logged).toContain('\\u001b[2J\\u001b[31mFAKE\\u0007')
	expect(logged.split('\n').every((line) => line.startsWith('    '))).toBe(true)
	expect(logged.split('\n')).toHaveLength(3)
})

test('a throttled warning is written once a minute per key, the next one with the count of those left out', () => {
	const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
	try {
		const at = (seconds: number) => ({ now: 1_000_000 + seconds * 1000 })
		expect(throttledWarn('bot-1:a forged token', 'refused: forged', at(0))).toBe(true)
		for (let i = 1; i <= 30; i++) expect(throttledWarn('bot-1:a forged token', 'refused: forged', at(i))).toBe(false)
		// Another reason, or another chatbot, has its own minute.
		expect(throttledWarn('bot-1:an expired token', 'refused: expired', at(5))).toBe(true)
		expect(throttledWarn('bot-2:a forged token', 'refused: forged', at(5))).toBe(true)
		expect(throttledWarn('bot-1:a forged token', 'refused: forged', at(60))).toBe(true)
		expect(warn.mock.calls.map(([line]) => line)).toEqual([
			'refused: forged',
			'refused: expired',
			'refused: forged',
			'refused: forged (and 30 more like it since the last such line, not written)',
		])
	} finally {
		warn.mockRestore()
	}
})
