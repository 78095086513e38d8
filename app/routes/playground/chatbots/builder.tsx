import { useState } from 'react'
import { data, redirect } from 'react-router'
import { modelSummary } from '~/ai/models.server.ts'
import { BuilderList, BuilderListBoundary } from '~/components/playground/builder-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import type { BuilderValues } from '~/features/chatbots/chatbot-schema.ts'
import { getOwnedChatbot, listChatbots } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { builderBodyLimit } from '~/features/chatbots/knowledge-base.ts'
import { ChatbotCard, type ChatbotSummary } from '~/features/chatbots/ui/chatbot-card.tsx'
import { ChatbotForm } from '~/features/chatbots/ui/chatbot-form.tsx'
import { chatbotKind } from '~/features/chatbots/ui/chatbot-kind.ts'
import { ChatbotPreviewDialog, type PreviewTarget } from '~/features/chatbots/ui/chatbot-preview-dialog.tsx'
import { getEnv } from '~/lib/env.server.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { useHydrated } from '~/lib/use-hydrated.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/builder'
import { builderAction } from './builder-actions.server.ts'
import { chatbotPagePath } from './builder-form.server.ts'

const { toasts } = chatbotBuilder

// ?new shows the creation form, ?delete=<id> asks to confirm on that card,
// ?embed=<id> shows that card's embed code (the no-JavaScript Embed).
export async function loader({ request }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	const search = new URL(request.url).searchParams
	const headers = privateHeaders(setCookie)
	const editId = search.get('edit')
	const dateFormat = new Intl.DateTimeFormat('en-IN', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		timeZone: getEnv().DASHBOARD_TIME_ZONE,
	})
	let chatbots: ChatbotSummary[]
	try {
		chatbots = (await listChatbots(user.id)).map((c) => ({
			id: c.id,
			name: c.name,
			isActive: c.isActive,
			createdAt: c.createdAt.toISOString(),
			createdLabel: dateFormat.format(c.createdAt),
			embedCode: c.embedCode ?? '',
		}))
		if (editId) {
			// Editing happens on the chatbot's own page; old ?edit= links still arrive there.
			const chatbot = await getOwnedChatbot(user.id, editId)
			if (!chatbot)
				throw await redirectWithToast('/playground', {
					type: 'error',
					title: 'Error',
					description: toasts.notFound,
				})
			throw redirect(chatbotPagePath(chatbot.id))
		}
	} catch (error) {
		if (error instanceof Response) throw error
		console.error(`Chatbot builder: listing chatbots of user ${user.id} failed:`, error)
		return data(
			{
				chatbots: [],
				mode: 'list' as const,
				deleting: null,
				embedding: null,
				error: makeToast({ type: 'error', title: toasts.listFailed }),
				model: await modelSummary(),
			},
			{ status: 500, headers },
		)
	}
	const mode = search.has('new') ? ('create' as const) : ('list' as const)
	// Only ids of this user's own chatbots are echoed back into the page.
	const own = (id: string | null) => (id && chatbots.some((c) => c.id === id) ? id : null)
	return data(
		{
			chatbots,
			mode,
			deleting: own(search.get('delete')),
			embedding: own(search.get('embed')),
			error: null,
			model: await modelSummary(),
		},
		{ headers },
	)
}

// The create form posts its files and its text here.
export const handle = { bodyLimit: builderBodyLimit }

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireUser(request)
	return builderAction(request, user.id)
}

export const meta: Route.MetaFunction = () => [
	{ title: 'Chatbot Builder | AI Playground' },
	{ name: 'robots', content: 'noindex' },
]

const blankForm: BuilderValues = {
	id: '',
	name: '',
	knowledgeBase: '',
	systemPrompt: chatbotBuilder.defaultSystemPrompt,
	url: '',
	sites: [],
}

export default function ChatbotBuilderRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbots, mode, deleting, embedding, error, model } = loaderData
	const hydrated = useHydrated()
	const [previewing, setPreviewing] = useState<PreviewTarget | null>(null)
	// An action that answered with data (a file read, a website imported, a form error) keeps the form open.
	if (actionData || mode === 'create') {
		return (
			<section aria-label="Chatbot Builder">
				<ToastMessage toast={actionData?.toast} />
				<ChatbotForm
					key="new"
					mode="create"
					initial={blankForm}
					// The list has no Widget form: only the builder's own answers come back here.
					actionData={actionData && 'values' in actionData ? actionData : undefined}
				/>
			</section>
		)
	}

	return (
		<BuilderList
			kind={chatbotKind}
			failed={error !== null}
			count={chatbots.length}
			after={<ChatbotPreviewDialog chatbot={previewing} model={model} onClose={() => setPreviewing(null)} />}
		>
			{chatbots.map((chatbot) => (
				<ChatbotCard
					key={chatbot.id}
					chatbot={chatbot}
					confirmingDelete={deleting === chatbot.id}
					showingCode={embedding === chatbot.id}
					onPreview={hydrated ? setPreviewing : undefined}
				/>
			))}
		</BuilderList>
	)
}

export function ErrorBoundary() {
	return <BuilderListBoundary kind={chatbotKind} />
}
