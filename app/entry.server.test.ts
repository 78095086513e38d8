// The server log: React Router's own refusals (a post to a route without an action) are one line
// without a stack; a real error is logged whole, with the request it broke.
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { handleError } from './entry.server.tsx'

afterEach(() => vi.restoreAllMocks())

const context = (method: string, url: string) =>
	({ request: new Request(url, { method }), params: {}, context: {} }) as never

test("React Router's 405 for a post without an action is one warning line, without a stack", () => {
	const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
	const error = vi.spyOn(console, 'error').mockImplementation(() => {})
	// As React Router makes it (getInternalRouterError): an internal ErrorResponse that carries an Error.
	const noAction = new ErrorResponse(
		405,
		'Method Not Allowed',
		new Error('You made a POST request to "/playground.data" but did not provide an `action` for route "routes/x"'),
		true,
	)
	handleError(noAction, context('POST', 'http://localhost/playground.data'))
	expect(error).not.toHaveBeenCalled()
	expect(warn).toHaveBeenCalledTimes(1)
	const [line, ...rest] = warn.mock.calls[0]
	expect(rest).toEqual([])
	expect(line).toMatch(/^405 for POST "http:\/\/localhost\/playground\.data": ".*did not provide an `action`/)
	expect(line).not.toContain('\n')
})

test('a real error is logged with its stack and the request', () => {
	const error = vi.spyOn(console, 'error').mockImplementation(() => {})
	const failure = new Error('database went away')
	handleError(failure, context('GET', 'http://localhost/playground'))
	expect(error).toHaveBeenCalledWith('Error while handling GET http://localhost/playground:', failure)
})
