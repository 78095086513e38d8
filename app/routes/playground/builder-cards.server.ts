// Each builder's Active switch and Delete as intent handlers (builder-intents.server.ts): from the
// builder's kind (its list path and log label), its copy and its feature's functions.
import { deleteChatbot, setChatbotActive } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { chatbotKind } from '~/features/chatbots/ui/chatbot-kind.ts'
import { deleteAgent, setAgentActive } from '~/features/voice/agents.server.ts'
import { voicebotBuilder } from '~/features/voice/copy.ts'
import { agentKind } from '~/features/voice/ui/agent-kind.ts'
import { cardIntents } from './builder-intents.server.ts'

export const chatbotCard = cardIntents(chatbotKind, {
	toasts: chatbotBuilder.toasts,
	setActive: setChatbotActive,
	remove: deleteChatbot,
})
export const agentCard = cardIntents(agentKind, {
	toasts: voicebotBuilder.toasts,
	setActive: setAgentActive,
	remove: deleteAgent,
})
