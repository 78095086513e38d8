// Every piece of the product's own prompt text, where it lives, for the tests that check no reply
// ever says any of it (ADR 0028). A new prompt text belongs here.
import { CITATION_INSTRUCTION } from '~/ai/citations.ts'
import { STANDALONE_INSTRUCTION } from '~/ai/model-reply.server.ts'
import { voiceScaffolding } from '~/ai/spoken-reply.server.ts'
import { assistant } from '~/features/assistant/copy.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { GROUNDING } from '~/features/chatbots/reply.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'

/** The product's prompt texts; the voice scaffolding as it reads for each of `agents`. */
export function productPromptTexts(agents: Array<{ name: string; language: string }> = []) {
	return {
		// app/features/chatbots/reply.server.ts: after a chatbot's System Prompt.
		GROUNDING,
		// app/ai/citations.ts: with numbered passages.
		CITATION_INSTRUCTION,
		// app/ai/model-reply.server.ts: a follow-up rewritten by a connected LLM.
		STANDALONE_INSTRUCTION,
		// app/features/assistant/copy.ts: the site chat's (Riya's) prompt.
		'site assistant systemPrompt': assistant.systemPrompt,
		// app/features/chatbots/copy.ts and app/features/voice/copy.ts: what a new chatbot's System
		// Prompt and a new voice assistant's Instructions start as.
		'default System Prompt': chatbotBuilder.defaultSystemPrompt,
		'default voice Instructions': voicebotBuilder.defaults.instructions,
		// app/features/voice/conversations.server.ts: around a voice assistant's Instructions.
		...Object.fromEntries(
			agents.map((agent) => [`voice scaffolding of ${agent.name}`, voiceScaffolding(agent.name, agent.language)]),
		),
	}
}
