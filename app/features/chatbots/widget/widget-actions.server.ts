// The Widget form's post: checked with the form's schema, saved for the owner only, then back to
// the section with a toast. On a problem the page comes back with what was typed and the reasons.
import { data } from 'react-router'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { fieldErrorsOf, textFieldsOf } from '~/lib/forms.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import type { WidgetActionData } from './widget-settings-form.tsx'
import { WidgetSettingsSchema, type WidgetSettingsField } from './widget-settings.ts'
import { saveWidgetSettings } from './widget.server.ts'

const { widget: copy, toasts } = chatbotBuilder

const FIELDS = Object.keys(WidgetSettingsSchema.shape) as WidgetSettingsField[]

export async function saveWidgetAction(form: FormData, userId: string, chatbotId: string, pagePath: string) {
	const values = textFieldsOf(form, FIELDS)
	const parsed = WidgetSettingsSchema.safeParse(values)
	if (!parsed.success) {
		const errors = fieldErrorsOf(parsed.error)
		return data<WidgetActionData & { toast: ReturnType<typeof makeToast> }>(
			{
				widget: { values, errors },
				toast: makeToast({ type: 'error', title: copy.saveFailed, description: Object.values(errors)[0] }),
			},
			{ status: 400 },
		)
	}
	if (!(await saveWidgetSettings(userId, chatbotId, parsed.data)))
		return redirectWithToast('/playground', { type: 'error', title: 'Error', description: toasts.notFound })
	return redirectWithToast(`${pagePath}#widget`, {
		type: 'success',
		title: copy.saved,
		description: copy.savedDescription,
	})
}
