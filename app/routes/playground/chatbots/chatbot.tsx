// /playground/chatbots/:chatbotId: one chatbot's workspace. Knowledge and settings on the left, the
// live preview on the right (a section of its own on phones), the embed snippet below, and Delete.
// Every part is a plain link or form post, so it all works without JavaScript.
import crypto from 'node:crypto'
import { ArrowLeft, Bot, Trash2 } from 'lucide-react'
import { data, Link } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ActiveSwitch, DeleteConfirmation, useActiveToggle } from '~/components/playground/builder-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { Badge } from '~/components/ui/badge.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { requireUser } from '~/features/accounts/auth.server.ts'
import { getOwnedChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { ChatbotForm } from '~/features/chatbots/ui/chatbot-form.tsx'
import { EmbedSection } from '~/features/chatbots/ui/embed-section.tsx'
import { PreviewPanel } from '~/features/chatbots/ui/preview-panel.tsx'
import { getEnv } from '~/lib/env.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { cn } from '~/lib/misc.ts'
import type { Route } from './+types/chatbot'
import { chatbotBuilderAction } from './builder.server.ts'

const { card, page, toasts } = chatbotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	// Someone else's chatbot looks exactly like one that does not exist.
	const chatbot = await getOwnedChatbot(user.id, params.chatbotId)
	if (!chatbot) throw data(toasts.notFound, { status: 404 })
	const created = new Intl.DateTimeFormat('en-IN', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		timeZone: getEnv().DASHBOARD_TIME_ZONE,
	}).format(chatbot.createdAt)
	return data(
		{
			chatbot: {
				id: chatbot.id,
				name: chatbot.name,
				knowledgeBase: chatbot.knowledgeBase,
				systemPrompt: chatbot.systemPrompt,
				isActive: chatbot.isActive,
				embedCode: chatbot.embedCode ?? '',
				createdAt: chatbot.createdAt.toISOString(),
				createdLabel: card.created(created),
				// Changes when a save changes the chatbot: the form and the preview start afresh then.
				version: crypto
					.createHash('sha256')
					.update(`${chatbot.name}\0${chatbot.systemPrompt}\0${chatbot.knowledgeBase}`)
					.digest('base64url')
					.slice(0, 16),
			},
			confirmingDelete: new URL(request.url).searchParams.has('delete'),
		},
		{ headers: privateHeaders(setCookie) },
	)
}

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	if (!(await getOwnedChatbot(user.id, params.chatbotId))) throw data(toasts.notFound, { status: 404 })
	return chatbotBuilderAction(request, user.id, params.chatbotId)
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${data ? data.chatbot.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbot, confirmingDelete } = loaderData
	const toggle = useActiveToggle(chatbot.isActive)
	const pagePath = `/playground/chatbots/${chatbot.id}`
	return (
		<article aria-labelledby="chatbot-heading" className="min-w-0">
			<ToastMessage toast={actionData?.toast} />
			<Link
				to="/playground"
				className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
			>
				<ArrowLeft className="size-4" aria-hidden />
				{page.back}
			</Link>

			<header className="mt-3 flex min-w-0 flex-wrap items-center gap-3">
				<span className="from-brand-500 to-brand-700 grid size-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br text-white shadow-sm">
					<Bot className="size-5" aria-hidden />
				</span>
				<div className="min-w-0 flex-1">
					<h2
						id="chatbot-heading"
						title={chatbot.name}
						className="font-display truncate text-xl font-bold text-slate-950 sm:text-2xl"
					>
						{chatbot.name}
					</h2>
					<p className="text-sm text-slate-500">
						<time dateTime={chatbot.createdAt}>{chatbot.createdLabel}</time>
					</p>
				</div>
				<Badge tone={toggle.active ? 'emerald' : 'white'} data-testid="status" className="shrink-0">
					<span
						aria-hidden
						className={cn('size-1.5 rounded-full', toggle.active ? 'bg-emerald-500' : 'bg-slate-400')}
					/>
					{toggle.active ? card.active : card.inactive}
				</Badge>
			</header>

			<ActiveSwitch
				toggle={toggle}
				action={pagePath}
				itemId={chatbot.id}
				label={card.switchLabel(chatbot.name)}
				onText="Answering on your site"
				offText="Switched off"
			/>

			{/* On phones the sections stack: these links jump between them. */}
			<nav aria-label={page.sectionsLabel} className="mt-4 xl:hidden">
				<ul className="flex flex-wrap gap-2 text-sm font-semibold">
					{[
						['#knowledge', page.knowledge],
						['#preview', page.preview],
						['#embed', page.embed],
					].map(([href, label]) => (
						<li key={href}>
							<a
								href={href}
								className="inline-flex rounded-full bg-white px-3 py-1.5 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100"
							>
								{label}
							</a>
						</li>
					))}
				</ul>
			</nav>

			<div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start">
				<div className="min-w-0 space-y-6">
					<div id="knowledge" className="scroll-mt-24">
						<ChatbotForm
							key={chatbot.version}
							mode="edit"
							title={page.formTitle}
							initial={{ ...chatbot, url: '' }}
							actionData={actionData}
							cancelTo={pagePath}
						/>
					</div>
				</div>
				<div className="min-w-0 xl:sticky xl:top-24 xl:row-span-3">
					<PreviewPanel chatbot={chatbot} version={chatbot.version} />
				</div>
				<div className="min-w-0 space-y-6">
					<EmbedSection embedCode={chatbot.embedCode} active={toggle.active} />
					<section
						aria-labelledby="danger-heading"
						className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
					>
						<h3 id="danger-heading" className="font-display text-lg font-bold text-slate-950">
							{page.dangerTitle}
						</h3>
						<p className="mt-1 text-sm text-slate-600">{page.dangerText}</p>
						{confirmingDelete ? (
							<DeleteConfirmation
								id="chatbot-delete-confirm"
								action={pagePath}
								question={card.deleteConfirm(chatbot.name)}
								confirmLabel={`${card.delete} chatbot`}
								cancelTo={pagePath}
								itemId={chatbot.id}
							/>
						) : (
							<ButtonLink
								to={`${pagePath}?delete`}
								preventScrollReset
								variant="secondary"
								size="sm"
								className="mt-4 text-rose-700 hover:bg-rose-50"
							>
								<Trash2 className="size-4" aria-hidden />
								{card.delete} chatbot
							</ButtonLink>
						)}
					</section>
				</div>
			</div>
		</article>
	)
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				404: () => (
					<section className="mx-auto max-w-2xl rounded-3xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
						<h2 className="font-display text-xl font-bold text-slate-950">Chatbot not found</h2>
						<p className="mt-2 text-slate-600">{toasts.notFound}</p>
						<ButtonLink to="/playground" className="mt-6">
							Back to your chatbots
						</ButtonLink>
					</section>
				),
			}}
		/>
	)
}
