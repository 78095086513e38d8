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
 * The pages that hold the voice test, whose hands-free mode compiles a WebAssembly speech detector
 * (ADR 0052): the Voicebot Builder's list (its Test dialog) and an assistant's page, whose sections
 * have the test beside them (and its Test section). Nothing else under /playground/voicebots: not the
 * pages that list what a crawl of someone's site found, not data or unknown addresses.
 */
const VOICE_TEST_PAGE =
	/^\/playground\/voicebots(?:\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/(?:knowledge|api|calls|settings|test))?)?\/?$/i

export function isVoiceTestPage(originalUrl: string) {
	let pathname: string
	try {
		pathname = new URL(`http://localhost${originalUrl}`).pathname
	} catch {
		return false
	}
	return VOICE_TEST_PAGE.test(pathname)
}

/**
 * The public site's pages, whose chat widget listens hands-free in voice mode (ADR 0059): every page
 * but the Playground, the sign-in pages, the embed, the APIs, assets and React Router's data requests.
 */
function isSiteWidgetPage(originalUrl: string) {
	let pathname: string
	try {
		pathname = new URL(`http://localhost${originalUrl}`).pathname
	} catch {
		return false
	}
	if (/^\/(?:playground|auth|embed|api|assets)(?:\/|$)/.test(pathname) || pathname.startsWith('/embed.')) return false
	return !pathname.endsWith('.data')
}

/** The pages that may compile the voice activity detector's WebAssembly (CSP 'wasm-unsafe-eval'). */
export const runsVoiceDetector = (originalUrl: string) => isVoiceTestPage(originalUrl) || isSiteWidgetPage(originalUrl)
