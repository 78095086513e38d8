// What every section of a chatbot's page does at the edge: its loader finds the user's chatbot (or
// answers 404, someone else's looking like one that does not exist), and its action runs the page's
// intents, whichever section they were posted to (chatbot-page-actions.server.ts).
import { data } from 'react-router'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { requireUser } from '~/routes/guards.server.ts'
import { chatbotPageAction } from '~/routes/playground/chatbots/chatbot-page-actions.server.ts'

/** The signed-in user and their chatbot `chatbotId`; 404 when it is not theirs. */
export async function requireOwnedChatbot(request: Request, chatbotId: string) {
	const { user } = await requireUser(request)
	const chatbot = await getOwnedChatbot(user.id, chatbotId)
	if (!chatbot) throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return { user, chatbot }
}

/** A section's action: the page's intents, for the owner only. */
export async function chatbotSectionAction(request: Request, chatbotId: string) {
	const { user } = await requireOwnedChatbot(request, chatbotId)
	return chatbotPageAction(request, user.id, chatbotId)
}
