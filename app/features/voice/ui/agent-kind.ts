// The Voicebot Builder as the builder kit (components/playground) shows it: its list, cards and pages.
import { AudioLines } from 'lucide-react'
import type { BuilderKind } from '~/components/playground/builder-parts.tsx'
import { voicebotBuilder } from '~/features/voice/copy.ts'

const { card, empty, list, page, toasts } = voicebotBuilder

export const agentKind: BuilderKind = {
	name: 'agent',
	listPath: '/playground/voicebots',
	listAction: '/playground/voicebots',
	itemPath: (id) => `/playground/voicebots/${id}`,
	icon: AudioLines,
	iconClassName: 'from-fuchsia-500 to-brand-600',
	code: { param: 'api', copied: { title: toasts.apiCopied } },
	copy: {
		empty,
		list,
		listFailed: toasts.listFailed,
		card: { ...card, code: card.api, codeLabel: card.apiLabel },
		page,
	},
	logLabel: 'Voicebot builder',
}

/**
 * The sections of a voice assistant's page, each its own URL (ADR 0051): its settings at the page's
 * own address, the rest under it.
 */
export function agentPaths(id: string) {
	const page = agentKind.itemPath(id)
	return {
		assistant: page,
		knowledge: `${page}/knowledge`,
		api: `${page}/api`,
		calls: `${page}/calls`,
		settings: `${page}/settings`,
		test: `${page}/test`,
		tests: `${page}/tests`,
	}
}
