// What a chatbot's layout hands its sections: the Active switch's state, which the layout holds and
// shows at once while its post is on the way (the embed section's notice follows it), and what its
// loader has already read (where the knowledge stands, the model), which the Overview shows.
import { useOutletContext } from 'react-router'
import type { ModelSummary } from '~/ai/model-notice.ts'
import type { KnowledgeCounts } from '~/features/chatbots/ui/chatbot-overview.tsx'

export type ChatbotOutlet = { active: boolean; knowledge: KnowledgeCounts; model: ModelSummary }

export const useChatbotOutlet = () => useOutletContext<ChatbotOutlet>()
