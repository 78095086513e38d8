/**
 * An untrusted string (a file name, a URL, an e-mail address) as it goes into the server log:
 * quoted and escaped, so a newline or a control character cannot forge a log line, and cut short.
 */
export function logValue(value: unknown, maxChars = 200) {
	const text = String(value)
	return JSON.stringify(text.length > maxChars ? `${text.slice(0, maxChars)}…` : text)
}

/**
 * An untrusted text of several lines (an e-mail's body printed by the outbox) as it goes into the
 * server log: every line indented, so none can pass for a log line of its own ("[mail outbox] To:"),
 * and control characters other than tabs written as escapes (a terminal reading the log would obey
 * an ESC sequence: "clear the screen", a fake red line).
 */
export function logBlock(text: string) {
	return text
		.replace(/\r\n?/g, '\n')
		.replace(/\p{Cc}/gu, (char) =>
			char === '\n' || char === '\t' ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
		)
		.split('\n')
		.map((line) => `    ${line}`)
		.join('\n')
}

/** Query parameters that act as credentials (the embed's signed token, a visitor's id): never logged. */
const CREDENTIAL_PARAMS = ['token', 'visitorId']

/**
 * A request's URL as the access log writes it: the values of credential parameters replaced, so
 * whoever reads the log cannot act as a visitor (the handoff stream authorises by its query string).
 */
export function loggedUrl(url: string) {
	const query = url.indexOf('?')
	if (query === -1) return url
	const params = new URLSearchParams(url.slice(query + 1))
	let redacted = false
	for (const name of CREDENTIAL_PARAMS)
		if (params.has(name)) {
			params.set(name, 'redacted')
			redacted = true
		}
	return redacted ? `${url.slice(0, query)}?${params.toString()}` : url
}

/** A request as a log line names it: its method and its address, credentials redacted, quoted and cut. */
export const requestLine = (req: { method: string; originalUrl: string }) =>
	`${req.method} ${logValue(loggedUrl(req.originalUrl))}`

/** Keys throttledWarn remembers at most; the oldest go first (a flood of keys cannot grow it). */
const THROTTLED_MAX_KEYS = 1_000
const throttledLines = new Map<string, { writtenAt: number; suppressed: number }>()

/**
 * A warning written at most once per `everyMs` for its key (a chatbot and a refusal's reason, say);
 * the lines left out meanwhile are counted and said with the next one written. A flood of forged
 * embed tokens wrote 2,270 lines, one a request (ADR 0073). True when the line was written.
 */
export function throttledWarn(key: string, line: string, { now = Date.now(), everyMs = 60_000 } = {}) {
	const last = throttledLines.get(key)
	if (last && now - last.writtenAt < everyMs) {
		last.suppressed++
		return false
	}
	throttledLines.delete(key)
	if (throttledLines.size >= THROTTLED_MAX_KEYS) throttledLines.delete(throttledLines.keys().next().value!)
	throttledLines.set(key, { writtenAt: now, suppressed: 0 })
	const suppressed = last?.suppressed ?? 0
	console.warn(suppressed > 0 ? `${line} (and ${suppressed} more like it since the last such line, not written)` : line)
	return true
}
