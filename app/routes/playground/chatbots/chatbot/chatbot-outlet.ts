// What a chatbot's layout hands its sections: the Active switch's state, which the layout holds and
// shows at once while its post is on the way (the embed section's notice follows it).
import { useOutletContext } from 'react-router'

export type ChatbotOutlet = { active: boolean }

export const useChatbotOutlet = () => useOutletContext<ChatbotOutlet>()
