// The Widget form's post: checked with the form's schema, saved for the owner only, then back to
// the section with a toast. On a problem the page comes back with what was typed and the reasons.
import { data } from 'react-router'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { fieldErrorsOf, textFieldsOf } from '~/lib/forms.ts'
import { formatMegabytes } from '~/lib/misc.ts'
import { consumeRateLimit, rateLimits, tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import type { WidgetActionData } from './widget-settings-form.tsx'
import { WidgetSettingsSchema, type WidgetSettingsField } from './widget-settings.ts'
import { saveWidgetAvatar, saveWidgetSettings } from './widget.server.ts'

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

/** The largest picture accepted for the widget. */
const MAX_AVATAR_BYTES = 1024 * 1024

type Upload = { name: string; bytes: Uint8Array } | { name: string; tooLarge: true }

/**
 * Sets or removes the widget's picture. The upload is read in the sandbox (a PNG or JPEG, its size
 * checked before decoding) and saved only as the 96 px PNG made there.
 */
export async function widgetAvatarAction({
	remove,
	uploads,
	userId,
	chatbotId,
	pagePath,
}: {
	remove: boolean
	uploads: Upload[]
	userId: string
	chatbotId: string
	pagePath: string
}) {
	const back = `${pagePath}#widget`
	const refuse = (description: string) =>
		redirectWithToast(back, { type: 'error', title: copy.avatarFailed, description })
	if (remove) {
		await saveWidgetAvatar(userId, chatbotId, null)
		return redirectWithToast(back, { type: 'success', title: copy.avatarRemoved })
	}
	const upload = uploads[0]
	if (!upload) return refuse(copy.avatarMissing)
	if ('tooLarge' in upload || upload.bytes.byteLength > MAX_AVATAR_BYTES)
		return refuse(`Pictures are limited to ${formatMegabytes(MAX_AVATAR_BYTES)}.`)
	// Counted before the sandbox reads it: a burst of uploads cannot hold the parser slots.
	const limit = await consumeRateLimit(`avatar:user:${userId}`, rateLimits.avatarUploadsPerUser)
	if (!limit.allowed) return refuse(tooManyAttemptsMessage(limit.retryAfterSeconds))
	let png: Uint8Array
	try {
		png = await runInSandbox<Uint8Array>('avatar', [upload.bytes], { owner: userId })
	} catch (error) {
		if (!(error instanceof SandboxError)) throw error
		console.warn(`Widget picture of chatbot ${chatbotId} refused: ${error.reason}: ${error.message}`)
		return refuse(error.reason === 'failed' ? 'The picture could not be read. It may be damaged.' : error.message)
	}
	await saveWidgetAvatar(userId, chatbotId, png)
	return redirectWithToast(back, { type: 'success', title: copy.avatarSaved })
}
