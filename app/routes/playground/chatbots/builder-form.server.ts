// What the Chatbot Builder's two route modules share at the edge: reading a post (multipart, files
// read off the wire under their caps), the form answered back as posted, and "Save Changes". Each
// route module dispatches its intents to its own handlers (builder-actions, chatbot-page-actions).
import {
	MaxFileSizeExceededError,
	MaxFilesExceededError,
	parseFormData,
	type FileUpload,
} from '@remix-run/form-data-parser'
import { data } from 'react-router'
import { z } from 'zod'
import { chargeChatbotSave } from '~/features/chatbots/chatbot-limits.server.ts'
import * as chatbotSchema from '~/features/chatbots/chatbot-schema.ts'
import { hasOtherSources, updateChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { MAX_KNOWLEDGE_CHARS, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from '~/features/chatbots/knowledge-base.ts'
import { checkKnowledgeQuota } from '~/features/chatbots/knowledge-quota.server.ts'
import { chatbotKind } from '~/features/chatbots/ui/chatbot-kind.ts'
import { isLockTimeout } from '~/lib/db.server.ts'
import { findNulField, NUL_REFUSED, type Upload } from '~/lib/forms.server.ts'
import { fieldErrorsOf, formProblemToast, textFieldsOf } from '~/lib/forms.ts'
import { formatFileSize, isUuid } from '~/lib/misc.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast, type Toast } from '~/lib/toast.ts'

const { toasts } = chatbotBuilder
export const { listPath: LIST_PATH, itemPath: chatbotPagePath } = chatbotKind

// Files over the cap are still read off the wire (up to this) so the rest of the form survives and
// the page can say which file was too big; beyond it the request is refused outright.
const HARD_FILE_LIMIT = 4 * MAX_UPLOAD_BYTES

/** One post of the builder, read: its fields, its files, and the form's values as typed. */
export type BuilderPost = {
	intent: string
	form: FormData
	uploads: Upload[]
	values: chatbotSchema.BuilderValues
	userId: string
	request: Request
}

const valuesOf = (form: FormData): chatbotSchema.BuilderValues => ({
	...textFieldsOf(form, ['id', 'name', 'knowledgeBase', 'systemPrompt', 'url']),
	sites: [
		...new Set(
			form
				.getAll('site')
				.filter((site): site is string => typeof site === 'string' && site.length <= 2048)
				.map((site) => site.trim())
				.filter(Boolean),
		),
	].slice(0, chatbotSchema.MAX_PENDING_SITES),
})

/**
 * The form back, as posted, with what to say. `unsent` names the files the post carried: a page
 * that comes back cannot hold them, so without JavaScript the form asks for them again.
 */
export function reply(
	values: chatbotSchema.BuilderValues,
	{
		errors = {},
		toast = null,
		status = 200,
		unsent = [],
	}: { errors?: chatbotSchema.BuilderErrors; toast?: Toast | null; status?: number; unsent?: Upload[] } = {},
) {
	const unsentFiles = unsent.map((upload) => upload.name.slice(0, 255)).slice(0, MAX_UPLOAD_FILES)
	return data<chatbotSchema.BuilderActionData>({ values, errors, toast, unsentFiles }, { status })
}

const uploadFailed = (reason: string) =>
	makeToast({ type: 'error', ...toasts.uploadFailed, description: `${toasts.uploadFailed.description}. ${reason}` })

async function readForm(request: Request) {
	const uploads: Upload[] = []
	const form = await parseFormData(
		request,
		{
			maxFiles: MAX_UPLOAD_FILES,
			maxFileSize: HARD_FILE_LIMIT,
			maxTotalSize: MAX_KNOWLEDGE_CHARS * 3 + MAX_UPLOAD_FILES * HARD_FILE_LIMIT,
		},
		async (file: FileUpload) => {
			if (file.fieldName !== 'file' || (file.size === 0 && !file.name)) return null
			uploads.push(
				file.size > MAX_UPLOAD_BYTES
					? { name: file.name, tooLarge: true }
					: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
			)
			return null
		},
	)
	return { form, uploads }
}

/** The post read, or the answer when it cannot be (too many or too large files: 413; unreadable: 400). */
export async function readBuilderPost(
	request: Request,
	userId: string,
): Promise<{ post: BuilderPost } | { answer: ReturnType<typeof reply> }> {
	try {
		const { form, uploads } = await readForm(request)
		// As every form reader does (lib/forms.server.ts): text with a NUL character cannot be kept.
		if (findNulField(form) !== null || uploads.some((upload) => upload.name.includes('\0'))) {
			const toast = makeToast({ type: 'error', title: 'Error', description: NUL_REFUSED })
			return { answer: reply(valuesOf(new FormData()), { toast, status: 400 }) }
		}
		const intent = String(form.get('intent') ?? '')
		return { post: { intent, form, uploads, values: valuesOf(form), userId, request } }
	} catch (error) {
		if (error instanceof MaxFileSizeExceededError || error instanceof MaxFilesExceededError) {
			const reason =
				error instanceof MaxFilesExceededError
					? `Add at most ${MAX_UPLOAD_FILES} files at a time.`
					: `Files are limited to ${formatFileSize(MAX_UPLOAD_BYTES)}.`
			return { answer: reply(valuesOf(new FormData()), { toast: uploadFailed(reason), status: 413 }) }
		}
		console.warn(`Chatbot builder: unreadable form from user ${userId}:`, error)
		const toast = makeToast({ type: 'error', ...toasts.createFailed })
		return { answer: reply(valuesOf(new FormData()), { toast, status: 400 }) }
	}
}

/** An intent the page does not have: the spec's creation failure, the form as posted. */
export const unknownIntent = ({ values, uploads }: BuilderPost) =>
	reply(values, { toast: makeToast({ type: 'error', ...toasts.createFailed }), status: 400, unsent: uploads })

/**
 * A save that waited too long for a row another save or job holds (DATABASE_LOCK_TIMEOUT_MS): the
 * form comes back as it was, with a "try again" (409), rather than holding a connection longer.
 */
export function saveBusy({ values, userId, uploads }: BuilderPost) {
	console.warn(`Chatbot builder: a save of user ${userId} gave up waiting for a lock; asked to try again`)
	return reply(values, { toast: makeToast({ type: 'error', ...toasts.saveBusy }), status: 409, unsent: uploads })
}

/** Why a save may not happen now: too many saves this hour, or more knowledge than the user may keep. */
export async function saveRefusal(userId: string, knowledgeChars: number, replacingId?: string) {
	const limit = await chargeChatbotSave(userId)
	if (!limit.allowed) return { status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) }
	const replacing = replacingId && isUuid(replacingId) ? replacingId : undefined
	const overQuota = await checkKnowledgeQuota(userId, knowledgeChars, { replacingId: replacing })
	return overQuota ? { status: 413, message: overQuota } : null
}

/** The form's fields checked (name, knowledge, prompt); the answer that says what is missing, if not. */
export function parseChatbotForm(
	values: chatbotSchema.BuilderValues,
	withSources: boolean,
	failedTitle: string,
	unsent: Upload[],
) {
	const parsed = chatbotSchema.chatbotFormSchemaFor(withSources).safeParse(values)
	if (parsed.success) return { form: parsed.data }
	const errors: chatbotSchema.BuilderErrors = fieldErrorsOf(parsed.error)
	const toast = makeToast(formProblemToast(errors, toasts.missing, failedTitle, chatbotSchema.chatbotRequired))
	return { answer: reply(values, { errors, toast, status: 400, unsent }) }
}

/**
 * "Save Changes": the chatbot's name, prompt and typed text (its files are sources on its page),
 * then back to `returnTo`; a chatbot that is not the user's goes back to the list with "not found".
 */
export async function saveChatbot(post: BuilderPost, chatbotId: string, returnTo: string) {
	const { values, userId } = post
	const parsed = parseChatbotForm(values, await hasOtherSources(userId, chatbotId), 'Error', [])
	if (parsed.answer) return parsed.answer
	const refusal = await saveRefusal(userId, parsed.form.knowledgeBase.length, chatbotId)
	if (refusal) {
		const toast = makeToast({ type: 'error', title: 'Error', description: refusal.message })
		return reply(values, { toast, status: refusal.status })
	}
	let updated: boolean
	try {
		updated = z.uuid().safeParse(chatbotId).success && (await updateChatbot(userId, chatbotId, parsed.form))
	} catch (error) {
		if (!isLockTimeout(error)) throw error
		return saveBusy(post)
	}
	if (!updated) {
		return redirectWithToast(LIST_PATH, { type: 'error', title: 'Error', description: toasts.notFound })
	}
	return redirectWithToast(returnTo, { type: 'success', title: toasts.updated, description: toasts.indexing })
}
