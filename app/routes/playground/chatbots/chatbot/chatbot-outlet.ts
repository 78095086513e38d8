// What a chatbot's layout hands its sections: the Active switch's state, which the layout holds and
// shows at once while its post is on the way (the embed section's notice follows it), and what its
// loader has already read: the knowledge sources (the Overview counts them, the Knowledge section
// lists them: one read, so the two never disagree) and the model.
import { useOutletContext } from 'react-router'
import type { ModelSummary } from '~/ai/model-notice.ts'
import type { SourceSummary } from '~/features/chatbots/sources/source-schema.ts'

export type ChatbotOutlet = { active: boolean; sources: SourceSummary[]; model: ModelSummary }

export const useChatbotOutlet = () => useOutletContext<ChatbotOutlet>()
