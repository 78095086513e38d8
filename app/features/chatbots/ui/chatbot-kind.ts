// The Chatbot Builder as the builder kit (components/playground) shows it: its list, cards and pages.
import { Bot } from 'lucide-react'
import type { BuilderKind } from '~/components/playground/builder-parts.tsx'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'

const { card, empty, list, page, toasts } = chatbotBuilder

export const chatbotKind: BuilderKind = {
	name: 'chatbot',
	listPath: '/playground',
	listAction: '/playground?index',
	itemPath: (id) => `/playground/chatbots/${id}`,
	icon: Bot,
	iconClassName: 'from-brand-500 to-brand-700',
	code: { param: 'embed', copied: { title: toasts.copied, description: toasts.copiedDescription } },
	copy: {
		empty,
		list,
		listFailed: toasts.listFailed,
		card: { ...card, code: card.embed, codeLabel: page.embedLabel },
		page,
	},
	logLabel: 'Chatbot builder',
}

/**
 * The sections of a chatbot's page, each its own URL (ADR 0051): Overview at the page's own address,
 * the rest under it. The activity pages (Conversations, Unanswered, Leads, Insights) keep theirs;
 * Tests (ADR 0057) is a section of its own.
 */
export function chatbotPaths(id: string) {
	const page = chatbotKind.itemPath(id)
	return {
		overview: page,
		knowledge: `${page}/knowledge`,
		widget: `${page}/widget`,
		settings: `${page}/settings`,
		preview: `${page}/preview`,
		conversations: `${page}/conversations`,
		unanswered: `${page}/unanswered`,
		leads: `${page}/leads`,
		insights: `${page}/insights`,
		tests: `${page}/tests`,
	}
}
