// The Models page's one form: test the connection for one purpose. Shared by the page and its action.
import { z } from 'zod'

export const PROVIDER_PURPOSES = ['chat', 'transcription', 'speech'] as const
export type ProviderPurpose = (typeof PROVIDER_PURPOSES)[number]

export const TestConnectionSchema = z.object({
	intent: z.literal('test'),
	purpose: z.enum(PROVIDER_PURPOSES),
})
