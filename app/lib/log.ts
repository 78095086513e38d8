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
