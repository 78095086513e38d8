// /playground/chatbots/:chatbotId/settings: which model answers the chatbot (the Model card), "Talk
// to a person" (the live handoff's settings, ADR 0061: owners looked for them here), and Delete behind
// its confirmation (`?delete`). All post here.
import { data } from 'react-router'
import { DeleteSection } from '~/components/playground/workspace-parts.tsx'
import { ToastMessage } from '~/components/toast-message.tsx'
import { activityTimeZone } from '~/features/chatbots/conversations/activity-format.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { handoffCopy } from '~/features/chatbots/handoff/handoff-copy.ts'
import {
	handoffFormValues,
	handoffSettingsOf,
	HandoffSettingsSchema,
	timeZoneName,
} from '~/features/chatbots/handoff/handoff-settings.ts'
import { saveHandoffSettings } from '~/features/chatbots/handoff/handoff.server.ts'
import { HANDOFF_SETTINGS_ID, HandoffSettingsSection } from '~/features/chatbots/handoff/ui/handoff-settings-form.tsx'
import { chatbotKind, chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import { modelChoiceView } from '~/features/models/model-choice.server.ts'
import { ModelChoiceCard } from '~/features/models/ui/model-choice-card.tsx'
import { readFormData } from '~/lib/forms.server.ts'
import { textFieldsOf } from '~/lib/forms.ts'
import { privateHeaders } from '~/lib/http.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import type { Route } from './+types/settings'
import { chatbotSectionAction, requireOwnedChatbot } from './chatbot-section.server.ts'

const { page } = chatbotBuilder

export async function loader({ request, params }: Route.LoaderArgs) {
	const { chatbot } = await requireOwnedChatbot(request, params.chatbotId)
	return data(
		{
			chatbot: { id: chatbot.id, name: chatbot.name, isActive: chatbot.isActive },
			modelChoice: await modelChoiceView(chatbot),
			handoff: handoffFormValues(handoffSettingsOf(chatbot.handoff)),
			timeZone: timeZoneName(activityTimeZone(), new Date()),
			confirmingDelete: new URL(request.url).searchParams.has('delete'),
		},
		{ headers: privateHeaders() },
	)
}

export async function action({ request, params }: Route.ActionArgs) {
	// The form is read from a copy: the page's other forms are the chatbot section's, which reads its own.
	const form = await readFormData(request.clone())
	if (form.get('intent') !== 'handoff-settings') return chatbotSectionAction(request, params.chatbotId)
	const { user } = await requireOwnedChatbot(request, params.chatbotId)
	const path = `${chatbotPaths(params.chatbotId).settings}#${HANDOFF_SETTINGS_ID}`
	const parsed = HandoffSettingsSchema.safeParse(
		textFieldsOf(form, ['enabled', 'waitSeconds', 'opensAt', 'closesAt'] as const),
	)
	if (!parsed.success)
		return redirectWithToast(path, {
			type: 'error',
			title: handoffCopy.owner.settingsTitle,
			description: parsed.error.issues[0].message,
		})
	if (!(await saveHandoffSettings(user.id, params.chatbotId, parsed.data)))
		throw data(chatbotBuilder.toasts.notFound, { status: 404 })
	return redirectWithToast(path, { type: 'success', title: handoffCopy.owner.saved })
}

export const meta: Route.MetaFunction = ({ data }) => [
	{ title: `${page.tabs.settings}: ${data ? data.chatbot.name : 'Chatbot'} | AI Playground` },
	{ name: 'robots', content: 'noindex' },
]

export default function ChatbotSettingsRoute({ loaderData, actionData }: Route.ComponentProps) {
	const { chatbot, modelChoice, confirmingDelete, handoff, timeZone } = loaderData
	const modelErrors = actionData && 'modelErrors' in actionData ? actionData.modelErrors : undefined
	const pagePath = chatbotPaths(chatbot.id).settings
	return (
		<div className="space-y-6">
			<ToastMessage toast={actionData?.toast} />
			<ModelChoiceCard key={JSON.stringify(modelChoice)} pagePath={pagePath} view={modelChoice} errors={modelErrors} />
			<HandoffSettingsSection action={pagePath} values={handoff} timeZone={timeZone} />
			<DeleteSection kind={chatbotKind} item={chatbot} pagePath={pagePath} confirming={confirmingDelete} />
		</div>
	)
}
