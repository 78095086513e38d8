import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router'
import { logValue } from '~/lib/log.ts'
import { NonceProvider } from '~/lib/nonce-provider.tsx'

export const streamTimeout = 5_000

declare module 'react-router' {
	interface AppLoadContext {
		cspNonce: string
	}
}

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: { cspNonce?: string },
) {
	const nonce = loadContext.cspNonce ?? ''
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Crawlers and no-JS readers get the whole document at once.
		const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough()
					const stream = createReadableStreamFromReadable(body)
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Errors after the shell are logged here; before it, handleError logs them.
					if (shellRendered) console.error(`Render error for ${request.url}:`, error)
				},
			},
		)
		setTimeout(abort, streamTimeout + 1000)
	})
}

export const handleError: HandleErrorFunction = (error, { request }) => {
	if (request.signal.aborted) return
	// React Router's own refusals (a single fetch posted to a route without an action, say: the server
	// answers the other posts 405 before it, server/no-action.ts) are the client's mistake, not a
	// failure here: one line, no stack. Everything else is logged whole, with the request.
	if (isRouteErrorResponse(error) && error.status < 500) {
		const detail = typeof error.data === 'string' ? error.data : error.statusText
		console.warn(`${error.status} for ${request.method} ${logValue(request.url)}: ${logValue(detail, 300)}`)
		return
	}
	console.error(`Error while handling ${request.method} ${request.url}:`, error)
}
