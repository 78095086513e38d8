// A provider's failure in words, for the administrator's connection test and for the owner of a
// chatbot or voice assistant whose model failed: the same sentence for the same cause. A provider's
// own words are untrusted: they are cut to one short line and scrubbed of the key (a gateway may echo
// "Received API Key = sk-…"), of anything shaped like a key or a bearer token, and of query strings,
// before they are shown, stored or logged. Owners see a connection by its name, never its address.
import { APICallError, RetryError } from 'ai'

export type FailureOutcome = 'refused-key' | 'unknown-model' | 'timeout' | 'unreachable' | 'failed'
export type ProviderFailure = { outcome: FailureOutcome; message: string }

/** Where a call went, as a failure names it, and the secrets its words must never carry. */
export type FailureTarget = {
	/** How the provider is named in the sentence: an address for the administrator, a name for owners. */
	where: string
	model: string | null
	/** The key the call used (and any other secret), scrubbed from the provider's words. */
	secrets?: string[]
}

/** Control and format characters out, spaces collapsed, cut short: safe for a page and one log line. */
export const oneLine = (text: string) =>
	text
		.replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 200)

/** Shapes of secrets in text: bearer tokens, keys like sk-… gsk_… xai-…, and URL query strings. */
const SECRET_SHAPES = [
	/\bBearer\s+[^\s"',;]+/gi,
	/\b(?:sk|gsk|xai|pk|rk|key|api[_-]?key)[-_][A-Za-z0-9_-]{8,}/gi,
	/\b(api[_-]?key|key|token|secret|password|access[_-]?token)\s*[=:]\s*[^\s"',;&]+/gi,
	/\?[^\s"'<>?]*/g,
]

/** `text` without the secrets given nor anything shaped like one; then one short line. */
export function scrubbed(text: string, secrets: string[] = []) {
	let clean = text
	for (const secret of secrets) if (secret.length >= 4) clean = clean.split(secret).join('[key]')
	for (const shape of SECRET_SHAPES) clean = clean.replace(shape, (match) => (match.startsWith('?') ? '' : '[key]'))
	return oneLine(clean)
}

/** The provider's own words for an error ({"error":{"message":…}}), cut short and on one line. */
function providerErrorText(body: string) {
	try {
		const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; detail?: unknown; message?: unknown }
		const message =
			typeof parsed.error === 'string'
				? parsed.error
				: (parsed.error?.message ?? parsed.message ?? (typeof parsed.detail === 'string' ? parsed.detail : ''))
		if (typeof message === 'string' && message.trim()) return message
	} catch {}
	return body
}

const UNKNOWN_MODEL = /model_not_found|model .{0,200} (does not exist|not found)|unknown model|no such model/i

/** An HTTP error status from the provider; `model` when the call named one; its words scrubbed of `secrets`. */
export function statusFailure(
	status: number,
	body: string,
	{ model, secrets = [] }: { model?: string | null; secrets?: string[] } = {},
): ProviderFailure {
	if (status === 401 || status === 403)
		return { outcome: 'refused-key', message: `The provider refused the key (HTTP ${status}).` }
	if (model && (status === 404 || UNKNOWN_MODEL.test(body.slice(0, 2000))))
		return { outcome: 'unknown-model', message: `The provider does not offer the model “${model}”.` }
	const said = scrubbed(providerErrorText(body.slice(0, 4000)), secrets)
	return { outcome: 'failed', message: `The provider answered HTTP ${status}${said ? `: ${said}` : '.'}` }
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`)

export const timeoutFailure = (where: string, ms: number): ProviderFailure => ({
	outcome: 'timeout',
	message: `No answer within ${duration(ms)} from ${where}.`,
})

/** A request that never got an answer: refused connection, unknown host, broken TLS… */
export function unreachableFailure(where: string, error: unknown): ProviderFailure {
	const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause
	const detail = cause?.code ? ` (${oneLine(cause.code)})` : cause?.message ? ` (${scrubbed(cause.message)})` : ''
	return { outcome: 'unreachable', message: `Could not reach ${where}${detail}.` }
}

/** The AI SDK's errors for an answer it could not read: their messages quote the answer itself. */
const UNREADABLE = /TypeValidationError|JSONParseError|InvalidResponseData|NoContentGenerated|EmptyResponseBody/

const UNREADABLE_ANSWER: ProviderFailure = {
	outcome: 'failed',
	message: 'The provider’s answer could not be read (not the shape of an OpenAI-compatible answer).',
}

/** The error, or one of its causes, of that name (a body cut off inside the SDK's own error). */
function causeNamed(error: unknown, name: string): Error | null {
	for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++)
		if (at.name === name) return at
	return null
}

/** Whatever a model call threw (the AI SDK's errors included), as one of the sentences above. */
export function failureOf(error: unknown, target: FailureTarget): ProviderFailure {
	if (RetryError.isInstance(error)) return failureOf(error.lastError, target)
	const tooLarge = causeNamed(error, 'ProviderAnswerTooLarge')
	if (tooLarge) return { outcome: 'failed', message: tooLarge.message }
	if (APICallError.isInstance(error)) {
		// A 2xx whose body could not be read is not the provider's error: its words are not quoted.
		if (error.statusCode !== undefined && error.statusCode >= 300 && error.statusCode < 400)
			return {
				outcome: 'failed',
				message: `The provider answered with a redirect (HTTP ${error.statusCode}), which is not followed.`,
			}
		if (error.statusCode !== undefined && error.statusCode < 400) return UNREADABLE_ANSWER
		if (error.statusCode !== undefined) return statusFailure(error.statusCode, error.responseBody ?? '', target)
		return unreachableFailure(target.where, error)
	}
	if (error instanceof TypeError && /fetch failed/i.test(error.message)) return unreachableFailure(target.where, error)
	if (error instanceof Error && error.name === 'ModelKeyUnreadable')
		return { outcome: 'failed', message: error.message }
	if (error instanceof Error && UNREADABLE.test(error.name)) return UNREADABLE_ANSWER
	return {
		outcome: 'failed',
		message: `The model failed: ${scrubbed(error instanceof Error ? `${error.name}: ${error.message}` : String(error), target.secrets)}`,
	}
}
