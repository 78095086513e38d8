// /embed/:chatbotId: the chat that embed.js opens in an iframe on other sites. Served from our
// origin, so the host page's CSS and scripts cannot reach it; it talks to the loader only through
// postMessage (close, open), and only with the page that framed it.
import { Bot, X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { data } from 'react-router'
import { company } from '~/content/company.ts'
import { getActiveChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { ChatbotConversation } from '~/features/chatbots/ui/chatbot-conversation.tsx'
import { chatErrorMessage } from '~/features/chatbots/ui/use-chatbot-chat.ts'
import type { Route } from './+types/chatbot'

const { embed } = chatbotBuilder
// The same message types are in public/embed.js.
const EMBED_MESSAGE = { close: 'zenvora-chat:close', open: 'zenvora-chat:open' } as const

/** The root layout renders this page bare: no site header, footer or widget inside the iframe. */
export const handle = { bare: true }

export async function loader({ params }: Route.LoaderArgs) {
	const chatbot = await getActiveChatbot(params.chatbotId)
	return data(
		{ chatbot: chatbot ? { id: chatbot.id, name: chatbot.name } : null },
		{ status: chatbot ? 200 : 404, headers: { 'Cache-Control': 'no-store' } },
	)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: data?.chatbot ? `Chat with ${data.chatbot.name}` : embed.unavailableTitle },
	{ name: 'robots', content: 'noindex' },
]

/** The page that framed us, as far as the browser tells (the referrer's origin). */
function parentOrigin() {
	try {
		return document.referrer ? new URL(document.referrer).origin : null
	} catch {
		return null
	}
}

function tellParent(type: string) {
	if (window.parent === window) return
	// The message carries nothing private; with no referrer we cannot name the parent's origin.
	window.parent.postMessage({ type }, parentOrigin() ?? '*')
}

const focusOnlyWhenFocused = () => document.hasFocus()

function EmbedChat({ chatbot }: { chatbot: { id: string; name: string } }) {
	const inputRef = useRef<HTMLTextAreaElement>(null)
	useEffect(() => {
		const expected = parentOrigin()
		const onMessage = (event: MessageEvent) => {
			if (event.source !== window.parent || (expected && event.origin !== expected)) return
			if ((event.data as { type?: unknown })?.type === EMBED_MESSAGE.open) inputRef.current?.focus()
		}
		window.addEventListener('message', onMessage)
		return () => window.removeEventListener('message', onMessage)
	}, [])
	return (
		<ChatbotConversation
			chatbot={chatbot}
			api={`/api/embed/${chatbot.id}/chat`}
			inputId="embed-input"
			inputLabel={embed.inputLabel(chatbot.name)}
			showSources={false}
			inputRef={inputRef}
			focusAfterReply={focusOnlyWhenFocused}
			onError={(error) => {
				const message = chatErrorMessage(error)
				return message === embed.unavailableText || message === embed.busyReply ? message : undefined
			}}
		/>
	)
}

export default function EmbedChatbotRoute({ loaderData }: Route.ComponentProps) {
	const { chatbot } = loaderData
	return (
		<div
			className="flex h-dvh flex-col bg-white"
			onKeyDown={(event) => {
				if (event.key === 'Escape') tellParent(EMBED_MESSAGE.close)
			}}
		>
			<header className="from-brand-600 to-brand-700 flex items-center gap-3 bg-gradient-to-r px-4 py-3 text-white">
				<span className="grid size-9 shrink-0 place-items-center rounded-full bg-white/15">
					<Bot className="size-5" aria-hidden />
				</span>
				<div className="min-w-0 flex-1">
					<h1 className="font-display truncate text-base font-bold">{chatbot?.name ?? embed.unavailableTitle}</h1>
					<p className="text-xs text-white/80">
						{embed.poweredBy} {company.name}
					</p>
				</div>
				<button
					type="button"
					onClick={() => tellParent(EMBED_MESSAGE.close)}
					aria-label={embed.closeLabel}
					className="grid size-9 place-items-center rounded-full hover:bg-white/15"
				>
					<X className="size-5" aria-hidden />
				</button>
			</header>
			{chatbot ? (
				<EmbedChat chatbot={chatbot} />
			) : (
				<div
					role="status"
					className="flex flex-1 flex-col items-center justify-center gap-2 bg-slate-50 px-6 text-center"
				>
					<p className="font-display font-bold text-slate-900">{embed.unavailableTitle}</p>
					<p className="text-sm text-slate-600">{embed.unavailableText}</p>
				</div>
			)}
		</div>
	)
}
