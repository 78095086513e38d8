// Only the chatbot embed (/embed/:chatbotId) may be framed by other sites.

/**
 * Whether the address is an embed page, judged on the path as React Router will route it: the URL
 * parser resolves `/embed/%2e%2e/playground` to `/playground`, which must not be framable.
 */
export function isEmbedPage(originalUrl: string) {
	let pathname: string
	try {
		// Built the way @react-router/express builds the request's URL (origin + raw path).
		pathname = new URL(`http://localhost${originalUrl}`).pathname
	} catch {
		return false
	}
	return /^\/embed\/[^/]+\/?$/.test(pathname)
}

/** The embed loader and its per-chatbot config: fetched by other sites' pages. */
export const isFetchedByOtherSites = (path: string) => path === '/embed.js' || /^\/embed\/[^/]+\/config$/.test(path)

/**
 * The pages that may compile the voice activity detector's WebAssembly: the voice assistant pages
 * (their hands-free test, ADR 0052) and the public site's pages, whose chat widget listens hands-free
 * in voice mode (ADR 0059). Not the rest of the Playground, the sign-in pages, the embed or the APIs.
 */
export function runsVoiceDetector(originalUrl: string) {
	let pathname: string
	try {
		pathname = new URL(`http://localhost${originalUrl}`).pathname
	} catch {
		return false
	}
	if (/^\/playground\/voicebots(\/|$)/.test(pathname)) return true
	return !/^\/(playground|auth|embed|api)(\/|$)/.test(pathname) && !pathname.startsWith('/embed.')
}
