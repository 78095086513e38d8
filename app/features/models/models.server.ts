// The Models page's logic: which providers are connected (without their keys) and a test of one.
// The route checks that the administrator asks and turns these results into HTTP.
import { testConnection, type ConnectionTestResult } from './connection-test.server.ts'
import type { ProviderPurpose } from './model-schema.ts'
import { chargeConnectionTest } from './models-limits.server.ts'
import { environmentTargets, shownConnection, type ProviderConnection } from './providers.server.ts'

/** Each purpose's connection as the page shows it, or null when none is connected. */
export function modelConnections(): Record<ProviderPurpose, ProviderConnection | null> {
	const targets = environmentTargets()
	const shown = (purpose: ProviderPurpose) => {
		const target = targets[purpose]
		return target ? shownConnection(target) : null
	}
	return { chat: shown('chat'), transcription: shown('transcription'), speech: shown('speech') }
}

export type ConnectionTestAnswer =
	| { kind: 'tested'; purpose: ProviderPurpose; result: ConnectionTestResult }
	| { kind: 'not-connected'; purpose: ProviderPurpose }
	| { kind: 'rate-limited'; purpose: ProviderPurpose; retryAfterSeconds: number }

/** Tests the connection for `purpose` on behalf of the administrator `admin`; logged without the key. */
export async function testModelConnection(
	admin: { id: string; email: string },
	purpose: ProviderPurpose,
): Promise<ConnectionTestAnswer> {
	const target = environmentTargets()[purpose]
	if (!target) return { kind: 'not-connected', purpose }
	const charge = await chargeConnectionTest(admin.id)
	if (!charge.allowed) return { kind: 'rate-limited', purpose, retryAfterSeconds: charge.retryAfterSeconds }
	const result = await testConnection(target)
	console.log(
		`Models: ${admin.email} tested ${purpose} (${target.provider} at ${target.baseUrl}${target.model ? `, ${target.model}` : ''}, key ${target.keyHint}): ${result.outcome} in ${result.latencyMs} ms${result.outcome === 'reached' ? '' : `: ${result.message}`}`,
	)
	return { kind: 'tested', purpose, result }
}
