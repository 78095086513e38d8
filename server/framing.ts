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
 * The documents that may compile the voice activity detector's WebAssembly (CSP 'wasm-unsafe-eval',
 * ADR 0052, 0059, 0060): every page of this site but the embed. A page's policy is its first
 * document's: React Router moves between pages without loading a new one, so a visitor who signs in
 * (an /auth document) or opens the Playground and then clicks through to a voice assistant's test
 * runs the detector under the policy of the page they started on. Allowing it only on the voice
 * pages broke hands-free for everyone who arrived by a link. The allowance lets a page compile
 * WebAssembly, not evaluate script; the embed, framed by other sites, never runs the detector.
 */
export const runsVoiceDetector = (originalUrl: string) => !isEmbedPage(originalUrl)
