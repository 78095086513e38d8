import { expect, test } from 'vitest'
import { loggedUrl, requestLine } from './log.ts'

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
