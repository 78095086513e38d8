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

/** The voice assistant pages, whose hands-free test runs a WebAssembly speech detector (ADR 0052). */
export function isVoicePage(originalUrl: string) {
	let pathname: string
	try {
		pathname = new URL(`http://localhost${originalUrl}`).pathname
	} catch {
		return false
	}
	return /^\/playground\/voicebots(\/|$)/.test(pathname)
}
