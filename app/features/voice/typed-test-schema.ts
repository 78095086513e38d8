// The voice test without JavaScript (issue 32: typing always works): one form, three intents, the
// same limits as the voice API's typed message.
import { z } from 'zod'
import { VOICE_TEXT_MAX_CHARS } from './conversation-schema.ts'
import type { VoiceTurnSource } from './ui/voice-chat-transport.ts'

const conversationId = z.string().trim().uuid('That conversation does not exist any more: start a new one.')

export const TypedVoiceTestSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('voice-start') }),
	z.object({
		intent: z.literal('voice-send'),
		conversationId,
		text: z
			.string()
			.trim()
			.min(1, 'Type a message first.')
			.max(VOICE_TEXT_MAX_CHARS, `A message is limited to ${VOICE_TEXT_MAX_CHARS} characters.`),
	}),
	z.object({ intent: z.literal('voice-end'), conversationId }),
])

export type TypedVoiceTestInput = z.infer<typeof TypedVoiceTestSchema>

export type TypedTurn = { id: string; role: 'user' | 'assistant'; text: string; sources?: VoiceTurnSource[] }
/** A typed conversation as its page shows it: live or ended, and its turns, the greeting first. */
export type TypedConversation = { id: string; live: boolean; turns: TypedTurn[] }
