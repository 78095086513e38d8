// A provider's failure in words, for the administrator's connection test and for the owner of a
// chatbot or voice assistant whose model failed: the same sentence for the same cause.
import { APICallError, RetryError } from 'ai'

export type FailureOutcome = 'refused-key' | 'unknown-model' | 'timeout' | 'unreachable' | 'failed'
export type ProviderFailure = { outcome: FailureOutcome; message: string }

/** Control and format characters out, spaces collapsed, cut short: safe for a page and one log line. */
export const oneLine = (text: string) =>
	text
		.replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 200)

/** The provider's own words for an error ({"error":{"message":…}}), cut short and on one line. */
function providerErrorText(body: string) {
	try {
		const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; detail?: unknown; message?: unknown }
		const message =
			typeof parsed.error === 'string'
				? parsed.error
				: (parsed.error?.message ?? parsed.message ?? (typeof parsed.detail === 'string' ? parsed.detail : ''))
		if (typeof message === 'string' && message.trim()) return oneLine(message)
	} catch {}
	return oneLine(body)
}

const UNKNOWN_MODEL = /model_not_found|model .* (does not exist|not found)|unknown model|no such model/i

/** An HTTP error status from the provider; `model` when the call named one. */
export function statusFailure(status: number, body: string, model?: string | null): ProviderFailure {
	if (status === 401 || status === 403)
		return { outcome: 'refused-key', message: `The provider refused the key (HTTP ${status}).` }
	if (model && (status === 404 || UNKNOWN_MODEL.test(body)))
		return { outcome: 'unknown-model', message: `The provider does not offer the model “${model}”.` }
	const said = providerErrorText(body)
	return { outcome: 'failed', message: `The provider answered HTTP ${status}${said ? `: ${said}` : '.'}` }
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`)

export const timeoutFailure = (baseUrl: string, ms: number): ProviderFailure => ({
	outcome: 'timeout',
	message: `No answer within ${duration(ms)} from ${baseUrl}.`,
})

/** A request that never got an answer: refused connection, unknown host, broken TLS… */
export function unreachableFailure(baseUrl: string, error: unknown): ProviderFailure {
	const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause
	const detail = cause?.code ? ` (${cause.code})` : cause?.message ? ` (${oneLine(cause.message)})` : ''
	return { outcome: 'unreachable', message: `Could not reach ${baseUrl}${detail}.` }
}

/** Whatever a model call threw (the AI SDK's errors included), as one of the sentences above. */
export function failureOf(error: unknown, target: { baseUrl: string; model: string | null }): ProviderFailure {
	if (RetryError.isInstance(error)) return failureOf(error.lastError, target)
	if (APICallError.isInstance(error)) {
		if (error.statusCode !== undefined) return statusFailure(error.statusCode, error.responseBody ?? '', target.model)
		return unreachableFailure(target.baseUrl, error)
	}
	if (error instanceof TypeError && /fetch failed/i.test(error.message))
		return unreachableFailure(target.baseUrl, error)
	if (error instanceof Error && error.name === 'ModelKeyUnreadable')
		return { outcome: 'failed', message: error.message }
	return {
		outcome: 'failed',
		message: `The model failed: ${oneLine(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}`,
	}
}
