// How the voice test's turn engine (app/lib/voice/turn-engine.ts) talks to this server's voice API
// (docs/api.md): each turn streamed as it happens, the reply's sentences spoken by the speech
// endpoint (501 or absent: the browser's voice), and each turn's timings reported once measured.
import { readJsonLines } from '~/lib/voice/ndjson.ts'
import type { LiveTimings, Transport } from '~/lib/voice/turn-engine.ts'

type StreamEvent =
	| { type: 'transcript'; text: string }
	| { type: 'delta'; text: string }
	| { type: 'done'; text: string; reply: string; server_ms?: number | null; sources?: VoiceTurnSource[] }
	| { type: 'error'; error: string; status: number }

/** A passage a reply cites as "[number]" (the voice API's `sources`). */
export type VoiceTurnSource = { number: number; title: string | null; url: string | null }

export function voiceChatTransport({
	agentId,
	conversationId,
	onSources,
	serverSpeech,
}: {
	agentId: string
	conversationId: () => string | null
	/** Whether the server has a speech endpoint (the page knows up front); without one the browser's voice speaks. */
	serverSpeech: boolean
	/** The passages the reply of turn `messageId` cites, once it is complete. */
	onSources?: (messageId: string, sources: VoiceTurnSource[]) => void
}): Transport {
	let speechEndpoint = true
	/** A sentence in the agent's voice from the speech endpoint; null: the browser's voice says it. */
	const fetchSpeech = async (text: string, signal: AbortSignal) => {
		const id = conversationId()
		if (!speechEndpoint || !id) return null
		const response = await fetch('/api/voice-chat/speech', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ agent_id: agentId, conversation_id: id, text }),
			signal,
		})
		// No speech endpoint on this server (501), or none at all yet (404): the browser's voice, for good.
		if (response.status === 501 || response.status === 404) {
			speechEndpoint = false
			return null
		}
		if (!response.ok) return null
		return response.blob()
	}
	return {
		async sendTurn(input, on) {
			const id = conversationId()
			if (!id) throw new Error('The conversation has ended.')
			const form = new FormData()
			form.set('agent_id', agentId)
			form.set('conversation_id', id)
			form.set('message_id', input.messageId)
			if ('audio' in input)
				form.set('audio', input.audio, input.audio.type.includes('wav') ? 'speech.wav' : 'speech.webm')
			else {
				form.set('text', input.text)
				// Said to the browser's recognizer, not typed: the Calls view labels the turn so.
				if (input.heardBy === 'browser') form.set('heard_by', 'browser')
			}
			const response = await fetch('/api/voice-chat/message', {
				method: 'POST',
				body: form,
				headers: { Accept: 'application/x-ndjson' },
			})
			if (!response.ok || !response.headers.get('content-type')?.includes('ndjson')) {
				const body = (await response.json().catch(() => ({}))) as { error?: string }
				throw new Error(body.error ?? `HTTP ${response.status}`)
			}
			let done: Extract<StreamEvent, { type: 'done' }> | null = null
			let failure: string | null = null
			await readJsonLines(response, (value) => {
				const event = value as StreamEvent
				if (event.type === 'transcript') on.onTranscript(event.text)
				else if (event.type === 'delta') on.onDelta(event.text)
				else if (event.type === 'done') done = event
				else if (event.type === 'error') failure = event.error
			})
			const result = done as Extract<StreamEvent, { type: 'done' }> | null
			if (!result) throw new Error(failure ?? 'The reply was cut off. Try again.')
			if (result.sources?.length) onSources?.(input.messageId, result.sources)
			return { text: result.text, reply: result.reply, serverMs: result.server_ms ?? null }
		},
		fetchSpeech: serverSpeech ? fetchSpeech : null,
		reportTimings(messageId: string, timings: LiveTimings) {
			const id = conversationId()
			if (!id) return
			void fetch('/api/voice-chat/timings', {
				method: 'POST',
				keepalive: true,
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					agent_id: agentId,
					conversation_id: id,
					message_id: messageId,
					transcript_ms: timings.transcriptMs,
					first_token_ms: timings.firstTokenMs,
					first_audio_ms: timings.firstAudioMs,
				}),
			}).catch(() => {})
		},
	}
}
