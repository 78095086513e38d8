// /chat: the chat without JavaScript. A form posts the question; the page answers with the
// conversation so far (kept in the form, capped).
import { Bot, Send } from 'lucide-react'
import { Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { MessageBubble } from '~/components/chat/chat-thread.tsx'
import { buttonClasses } from '~/components/ui/button.tsx'
import { assistant } from '~/content/assistant.ts'
import { company } from '~/content/company.ts'
import { CHAT_HISTORY_MAX_MESSAGES, CHAT_MESSAGE_MAX_CHARS } from '~/utils/ai/chat-schema.ts'
import { getModelInfo } from '~/utils/ai/models.server.ts'
import { answerWidgetQuestion } from '~/utils/ai/widget-chat.server.ts'
import { clientIp } from '~/utils/client-ip.ts'
import { consumeRateLimit, rateLimits, tooManyAttemptsMessage } from '~/utils/rate-limit.server.ts'
import type { Route } from './+types/chat'

type Turn = { role: 'user' | 'assistant'; text: string }

const HistorySchema = z
	.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string().max(CHAT_MESSAGE_MAX_CHARS * 4) }))
	.max(CHAT_HISTORY_MAX_MESSAGES)

export async function loader() {
	return { offline: getModelInfo().kind === 'offline' }
}

export async function action({ request }: Route.ActionArgs) {
	const form = await request.formData()
	const message = String(form.get('message') ?? '').trim()
	let history: Turn[] = []
	try {
		history = HistorySchema.parse(JSON.parse(String(form.get('history') ?? '[]')))
	} catch {
		history = []
	}
	if (!message) return { history, error: 'Type a message first.' }
	if (message.length > CHAT_MESSAGE_MAX_CHARS) return { history, error: `Messages are limited to ${CHAT_MESSAGE_MAX_CHARS} characters.` }
	const limit = await consumeRateLimit(`chat:ip:${clientIp(request)}`, rateLimits.publicChatPerIp)
	if (!limit.allowed) return { history, error: tooManyAttemptsMessage(limit.retryAfterSeconds) }
	// Keep the most recent turns so the conversation never outgrows the limits.
	const turns: Turn[] = [...history, { role: 'user' as const, text: message }].slice(-(CHAT_HISTORY_MAX_MESSAGES - 1))
	const answer = await answerWidgetQuestion(
		turns.map((t) => ({ role: t.role, parts: [{ type: 'text', text: t.text }] })),
		request.signal,
	)
	return { history: [...turns, { role: 'assistant' as const, text: answer }], error: null }
}

export const meta: Route.MetaFunction = () => [
	{ title: `Chat with Riya | ${company.name}` },
	{ name: 'description', content: `Ask ${company.name}'s AI assistant about our services, internship and contact details.` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatRoute({ loaderData, actionData }: Route.ComponentProps) {
	const history = actionData?.history ?? []
	const busy = useNavigation().state === 'submitting'
	const turns: Turn[] = [{ role: 'assistant', text: assistant.greeting }, ...history]
	return (
		<section className="bg-slate-50 pt-24 pb-16 sm:pt-28">
			<div className="mx-auto max-w-2xl px-4">
				<div className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200">
					<header className="flex items-center gap-3 border-b border-slate-200 px-6 py-4">
						<span className="grid size-10 place-items-center rounded-full bg-brand-600 text-white">
							<Bot className="size-5" aria-hidden />
						</span>
						<div>
							<h1 className="font-display text-base font-bold text-slate-900">{assistant.title}</h1>
							<p className="text-xs text-slate-500">{loaderData.offline ? assistant.offlineNote : assistant.subtitle}</p>
						</div>
					</header>
					<ol aria-label="Conversation" aria-live="polite" className="space-y-4 bg-slate-50 px-6 py-6">
						{turns.map((turn, i) => (
							<MessageBubble key={i} message={{ id: String(i), role: turn.role, text: turn.text }} assistantName={assistant.name} />
						))}
					</ol>
					<Form method="post" className="border-t border-slate-200 px-6 py-4">
						<input type="hidden" name="history" value={JSON.stringify(history)} />
						<label htmlFor="chat-message" className="block text-sm font-medium text-slate-800">
							{assistant.inputLabel}
						</label>
						<div className="mt-2 flex gap-2">
							<input
								id="chat-message"
								name="message"
								required
								maxLength={CHAT_MESSAGE_MAX_CHARS}
								autoComplete="off"
								className="h-11 flex-1 rounded-xl border-0 px-3.5 text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
							/>
							<button type="submit" disabled={busy} className={buttonClasses({ className: 'rounded-xl' })}>
								<Send className="size-4" aria-hidden />
								<span className="sr-only sm:not-sr-only">Send</span>
							</button>
						</div>
						{actionData?.error ? (
							<p role="alert" className="mt-2 text-sm text-rose-600">
								{actionData.error}
							</p>
						) : null}
					</Form>
				</div>
			</div>
		</section>
	)
}
