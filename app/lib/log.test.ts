import { expect, test } from 'vitest'
import { logBlock, loggedUrl, requestLine } from './log.ts'

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
