// A short fingerprint of what a save changes (name, prompt, typed text): the knowledge form and the
// live preview key on it, so both start afresh once a save has changed what answers.
import crypto from 'node:crypto'

export function chatbotVersion(chatbot: { name: string; systemPrompt: string; knowledgeBase: string }) {
	return crypto
		.createHash('sha256')
		.update(`${chatbot.name}\0${chatbot.systemPrompt}\0${chatbot.knowledgeBase}`)
		.digest('base64url')
		.slice(0, 16)
}
