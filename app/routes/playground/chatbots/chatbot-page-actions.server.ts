// The posts of a chatbot's page (/playground/chatbots/:id and its sections): one handler per intent,
// whichever section it was posted to. Its sources (add files, add a page or a whole site, re-sync,
// stop, schedule, remove) and its knowledge form come back to the Knowledge section, its widget
// (settings, picture) to Widget & embed, its model to Settings, each with a redirect and a toast;
// the Active switch comes back to the section it was flipped on, Delete goes to the list. Plain
// form posts, so all of it works without JavaScript; the features do the work and say how it went,
// and these turn that into HTTP.
import { data } from 'react-router'
import { chargeAvatarUpload } from '~/features/chatbots/chatbot-limits.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { queueTestRun } from '~/features/chatbots/test-sets/runs.server.ts'
import { chatbotSubject } from '~/features/chatbots/test-sets/subject.ts'
import { chatbotPaths } from '~/features/chatbots/ui/chatbot-kind.ts'
import type { WidgetActionData } from '~/features/chatbots/widget/widget-settings-form.tsx'
import { WidgetSettingsSchema, type WidgetSettingsField } from '~/features/chatbots/widget/widget-settings.ts'
import {
	checkAvatarUpload,
	saveWidgetAvatar,
	saveWidgetSettings,
	setWidgetAvatar,
} from '~/features/chatbots/widget/widget.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { fieldErrorsOf, textFieldsOf } from '~/lib/forms.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast, type Toast } from '~/lib/toast.ts'
import { chatbotCard } from '~/routes/playground/builder-cards.server.ts'
import { returnWithin, runIntent } from '~/routes/playground/builder-intents.server.ts'
import { sourceIntents } from '~/routes/playground/knowledge-source-intents.server.ts'
import { modelChoiceIntent } from '~/routes/playground/model-choice-intent.server.ts'
import { LIST_PATH, readBuilderPost, saveChatbot, unknownIntent, type BuilderPost } from './builder-form.server.ts'

const { widget: widgetCopy, toasts } = chatbotBuilder

/**
 * A post of this chatbot's page: the post read, the chatbot (already checked to be the user's), its
 * sections' paths, and `pagePath`, the section the post asks to come back to (the Active switch's).
 */
type PagePost = BuilderPost & {
	chatbotId: string
	paths: ReturnType<typeof chatbotPaths>
	pagePath: string
	knowledgePath: string
}

// Widget -----------------------------------------------------------------------------------------

const WIDGET_FIELDS = Object.keys(WidgetSettingsSchema.shape) as WidgetSettingsField[]

/** The Widget form: checked with its schema and saved; on a problem the page comes back with what was typed. */
async function saveWidget({ form, userId, chatbotId, paths }: PagePost) {
	const values = textFieldsOf(form, WIDGET_FIELDS)
	const parsed = WidgetSettingsSchema.safeParse(values)
	if (!parsed.success) {
		const errors = fieldErrorsOf(parsed.error)
		return data<WidgetActionData & { toast: Toast }>(
			{
				widget: { values, errors },
				toast: makeToast({ type: 'error', title: widgetCopy.saveFailed, description: Object.values(errors)[0] }),
			},
			{ status: 400 },
		)
	}
	if (!(await saveWidgetSettings(userId, chatbotId, parsed.data)))
		return redirectWithToast(LIST_PATH, { type: 'error', title: 'Error', description: toasts.notFound })
	return redirectWithToast(paths.widget, {
		type: 'success',
		title: widgetCopy.saved,
		description: widgetCopy.savedDescription,
	})
}

/** The widget's picture: checked, counted against the user's uploads before the sandbox reads it, saved. */
async function widgetAvatar({ uploads, userId, chatbotId, paths }: PagePost) {
	const refuse = (description: string) =>
		redirectWithToast(paths.widget, { type: 'error', title: widgetCopy.avatarFailed, description })
	const checked = checkAvatarUpload(uploads[0])
	if ('refusal' in checked) return refuse(checked.refusal)
	// Counted before the sandbox reads it: a burst of uploads cannot hold the parser slots.
	const limit = await chargeAvatarUpload(userId)
	if (!limit.allowed) return refuse(tooManyAttemptsMessage(limit.retryAfterSeconds))
	const result = await setWidgetAvatar(userId, chatbotId, checked.bytes)
	if ('refusal' in result) return refuse(result.refusal)
	return redirectWithToast(paths.widget, { type: 'success', title: widgetCopy.avatarSaved })
}

async function removeAvatar({ userId, chatbotId, paths }: PagePost) {
	await saveWidgetAvatar(userId, chatbotId, null)
	return redirectWithToast(paths.widget, { type: 'success', title: widgetCopy.avatarRemoved })
}

// The chatbot itself -----------------------------------------------------------------------------

/** "Save Changes": this page's chatbot, back to its Knowledge section, where the form is. */
const save = (post: PagePost) => saveChatbot(post, post.chatbotId, post.paths.knowledge)

/** "Save model": which model answers this chatbot, back to its Settings section; its tests run on it. */
async function saveModel({ form, userId, chatbotId, paths }: PagePost) {
	const response = await modelChoiceIntent({
		form,
		owner: { kind: 'chatbot', id: chatbotId, userId },
		returnTo: paths.settings,
		notFoundPath: LIST_PATH,
		notFound: toasts.notFound,
	})
	// A redirect to Settings is a save (a refusal comes back as the page's data).
	if (response instanceof Response && response.headers.get('Location') === paths.settings)
		await queueTestRun(prisma, chatbotSubject(chatbotId), 'settings')
	return response
}

/** The route's action for the signed-in owner of `chatbotId`: the post read, then its intent's handler. */
export async function chatbotPageAction(request: Request, userId: string, chatbotId: string) {
	const read = await readBuilderPost(request, userId)
	if ('answer' in read) return read.answer
	const paths = chatbotPaths(chatbotId)
	const post: PagePost = {
		...read.post,
		chatbotId,
		paths,
		knowledgePath: paths.knowledge,
		pagePath: returnWithin(read.post.form, paths.overview),
	}
	return runIntent(
		post,
		{
			...sourceIntents,
			'save-widget': saveWidget,
			'widget-avatar': widgetAvatar,
			'widget-avatar-remove': removeAvatar,
			update: save,
			'save-model': saveModel,
			toggle: chatbotCard.toggle,
			delete: chatbotCard.delete,
		},
		unknownIntent,
	)
}
