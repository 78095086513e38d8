/**
 * An untrusted string (a file name, a URL, an e-mail address) as it goes into the server log:
 * quoted and escaped, so a newline or a control character cannot forge a log line, and cut short.
 */
export function logValue(value: unknown, maxChars = 200) {
	const text = String(value)
	return JSON.stringify(text.length > maxChars ? `${text.slice(0, maxChars)}…` : text)
}
