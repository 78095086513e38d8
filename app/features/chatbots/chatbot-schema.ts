// The chatbot form, validated the same way in the browser and on the server.
import { z } from 'zod'
import type { Toast } from '~/lib/toast.ts'
import { chatbotBuilder } from './copy.ts'
import { knowledgeLimitMessage, MAX_KNOWLEDGE_CHARS } from './knowledge-base.ts'

/** Each required field says what it lacks; the toast keeps the spec's sentence (formProblemToast). */
export const chatbotRequired = {
	name: 'Please provide a name',
	knowledgeBase: 'Please add knowledge: type it, upload a file or import a website',
}

const KnowledgeText = z.string().trim().max(MAX_KNOWLEDGE_CHARS, knowledgeLimitMessage)

export const ChatbotFormSchema = z.object({
	name: z.string().trim().min(1, chatbotRequired.name).max(100, 'Keep the name under 100 characters.'),
	knowledgeBase: KnowledgeText.pipe(z.string().min(1, chatbotRequired.knowledgeBase)),
	systemPrompt: z
		.string()
		.trim()
		.max(4000, 'Keep the system prompt under 4,000 characters.')
		.transform((v) => v || chatbotBuilder.defaultSystemPrompt),
})
export type ChatbotForm = z.infer<typeof ChatbotFormSchema>

/** A chatbot that has (or is about to get) files or websites may leave its typed text empty. */
const ChatbotWithSourcesSchema = ChatbotFormSchema.extend({ knowledgeBase: KnowledgeText })
export const chatbotFormSchemaFor = (hasOtherSources: boolean) =>
	hasOtherSources ? ChatbotWithSourcesSchema : ChatbotFormSchema

/** Whole sites picked in the create form, imported once the chatbot exists. */
export const MAX_PENDING_SITES = 5

export const WebsiteUrlSchema = z
	.string()
	.trim()
	.max(2048, 'That address is too long.')
	.transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))

export type BuilderValues = {
	id: string
	name: string
	knowledgeBase: string
	systemPrompt: string
	url: string
	/** Create form: whole sites to import once the chatbot is created. */
	sites: string[]
}
export type BuilderErrors = Partial<Record<'name' | 'knowledgeBase' | 'systemPrompt' | 'url', string>>
export type BuilderActionData = {
	values: BuilderValues
	errors: BuilderErrors
	toast: Toast | null
	/**
	 * Names of the files the post carried that the answer could not keep (a page that comes back has
	 * an empty file input): without JavaScript, the form asks for them again.
	 */
	unsentFiles: string[]
}
