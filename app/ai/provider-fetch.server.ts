// How the server calls a model provider: never following a redirect (a provider's 307 would send the
// prompt, the knowledge and the visitor's words wherever it points, this server included), and
// reading at most MAX_PROVIDER_ANSWER_BYTES of an answer (a provider that ignores max_tokens, or
// sends 200 MB, would fill the heap and stall every request). The connection test does the same.

/** A 1,024-token answer is a few kilobytes, a few tens streamed as events: 2 MB is far beyond any. */
const MAX_PROVIDER_ANSWER_BYTES = 2 * 1024 * 1024

class ProviderAnswerTooLarge extends Error {
	override name = 'ProviderAnswerTooLarge'
}

/** The body, passed on until it grows past `maxBytes`; then the stream fails and the request is cancelled. */
function capped(body: ReadableStream<Uint8Array>, maxBytes: number) {
	let seen = 0
	const reader = body.getReader()
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			const { done, value } = await reader.read()
			if (done) return controller.close()
			seen += value.byteLength
			if (seen > maxBytes) {
				await reader.cancel()
				controller.error(
					new ProviderAnswerTooLarge(
						`The provider’s answer was larger than ${Math.round(maxBytes / 1024 / 1024)} MB; it was cut off.`,
					),
				)
				return
			}
			controller.enqueue(value)
		},
		cancel(reason) {
			return reader.cancel(reason)
		},
	})
}

/** The provider fetch with a cap of its own (speech answers are audio, larger than any text answer). */
export function createProviderFetch(maxBytes = MAX_PROVIDER_ANSWER_BYTES): typeof fetch {
	return async (input, init) => {
		// 'manual', not 'error': a redirect comes back as the 3xx it is (and fails as one); on Node 20
		// 'error' kept aborted requests' sockets open (tests/integration/provider-deadlines.test.ts).
		const response = await fetch(input, { ...init, redirect: 'manual' })
		if (!response.body) return response
		return new Response(capped(response.body, maxBytes), {
			status: response.status,
			statusText: response.statusText,
			headers: response.headers,
		})
	}
}

export const providerFetch = createProviderFetch()
