// The Chatbot Builder's form posts: create, update, add files, import a website, switch active,
// delete. Plain form posts (multipart for files) so all of it works without JavaScript; the page
// comes back with the text filled in. Every change is scoped to the signed-in user.
import {
	MaxFileSizeExceededError,
	MaxFilesExceededError,
	parseFormData,
	type FileUpload,
} from '@remix-run/form-data-parser'
import { data } from 'react-router'
import { z } from 'zod'
import {
	chatbotFormSchemaFor,
	chatbotRequired,
	MAX_PENDING_SITES,
	type BuilderActionData,
	type BuilderErrors,
	type BuilderValues,
} from '~/features/chatbots/chatbot-schema.ts'
import {
	checkKnowledgeQuota,
	createChatbot,
	deleteChatbot,
	hasOtherSources,
	setChatbotActive,
	updateChatbot,
} from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { extractFileText, FileTextError, KnowledgeLimitError } from '~/features/chatbots/ingest/file-text.server.ts'
import { appendKnowledge, MAX_KNOWLEDGE_CHARS, MAX_UPLOAD_BYTES } from '~/features/chatbots/knowledge-base.ts'
import { isSourceIntent, sourceAction } from '~/features/chatbots/sources/source-actions.server.ts'
import { WebsiteSourceSchema, type WebsiteSourceForm } from '~/features/chatbots/sources/source-schema.ts'
import { SourceLimitError } from '~/features/chatbots/sources/sources.server.ts'
import { importWebsiteForUser } from '~/features/chatbots/website-import.server.ts'
import { saveWidgetAction, widgetAvatarAction } from '~/features/chatbots/widget/widget-actions.server.ts'
import { isLockTimeout } from '~/lib/db.server.ts'
import { fieldErrorsOf, formProblemToast, textFieldsOf } from '~/lib/forms.ts'
import { logValue } from '~/lib/log.ts'
import { formatMegabytes, isUuid } from '~/lib/misc.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { consumeRateLimit, rateLimits, tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast, type Toast } from '~/lib/toast.ts'
import { deleteIntent, toggleIntent } from '~/routes/playground/builder-intents.server.ts'

const { toasts } = chatbotBuilder
const LIST_PATH = '/playground'
/** A chatbot's own page: where creating one lands, and where its page's posts come back to. */
export const chatbotPagePath = (id: string) => `/playground/chatbots/${id}`
const MAX_FILES = 10
// Files over the cap are still read off the wire (up to this) so the rest of the form survives and
// the page can say which file was too big; beyond it the request is refused outright.
const HARD_FILE_LIMIT = 4 * MAX_UPLOAD_BYTES

type Upload = { name: string; bytes: Uint8Array } | { name: string; tooLarge: true }

const IdSchema = z.object({ id: z.uuid() })

const valuesOf = (form: FormData): BuilderValues => ({
	...textFieldsOf(form, ['id', 'name', 'knowledgeBase', 'systemPrompt', 'url']),
	sites: [
		...new Set(
			form
				.getAll('site')
				.filter((site): site is string => typeof site === 'string' && site.length <= 2048)
				.map((site) => site.trim())
				.filter(Boolean),
		),
	].slice(0, MAX_PENDING_SITES),
})

/** The create form's whole sites, as website sources with the default crawl settings. */
function pendingSites(values: BuilderValues): WebsiteSourceForm[] | string {
	const sites: WebsiteSourceForm[] = []
	for (const url of values.sites) {
		const parsed = WebsiteSourceSchema.safeParse({ url, scope: 'site' })
		if (!parsed.success) return parsed.error.issues[0].message
		sites.push(parsed.data)
	}
	return sites
}

function reply(
	values: BuilderValues,
	{
		errors = {},
		toast = null,
		added = null,
		status = 200,
	}: { errors?: BuilderErrors; toast?: Toast | null; added?: string | null; status?: number } = {},
) {
	return data<BuilderActionData>({ values, errors, toast, added }, { status })
}

const uploadFailed = (reason: string) =>
	makeToast({ type: 'error', ...toasts.uploadFailed, description: `${toasts.uploadFailed.description}. ${reason}` })

async function readForm(request: Request) {
	const uploads: Upload[] = []
	const form = await parseFormData(
		request,
		{
			maxFiles: MAX_FILES,
			maxFileSize: HARD_FILE_LIMIT,
			maxTotalSize: MAX_KNOWLEDGE_CHARS * 3 + MAX_FILES * HARD_FILE_LIMIT,
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

/**
 * Reads every attached file, to be appended to `existing` (the knowledge box as posted); the text of
 * those that worked, and the first failure, if any, with its status. Each file is read in the sandbox
 * with the room left in the knowledge base: a file that would take it past MAX_KNOWLEDGE_CHARS is
 * refused before its text comes back, so no answer carries (or renders) more than the limit.
 */
async function readUploads(uploads: Upload[], userId: string, existing: string) {
	let added = ''
	if (uploads.length === 0) return { added, error: null }
	// Every file costs a parser process of the shared sandbox.
	const limit = await consumeRateLimit(`knowledge-upload:user:${userId}`, rateLimits.knowledgeUploadsPerUser)
	if (!limit.allowed)
		return { added, error: uploadFailed(tooManyAttemptsMessage(limit.retryAfterSeconds)), status: 429 }
	for (const upload of uploads) {
		if ('tooLarge' in upload)
			return {
				added,
				error: uploadFailed(`${upload.name} is larger than ${formatMegabytes(MAX_UPLOAD_BYTES)}.`),
				status: 422,
			}
		const base = appendKnowledge(existing, added).trimEnd()
		// What is there, and the blank line before the file's text.
		const maxChars = MAX_KNOWLEDGE_CHARS - (base ? base.length + 2 : 0)
		try {
			added = appendKnowledge(added, await extractFileText({ ...upload, owner: userId, maxChars }))
		} catch (error) {
			if (!(error instanceof FileTextError)) throw error
			console.warn(
				`Chatbot builder: user ${userId} uploaded ${logValue(upload.name)} (${upload.bytes.byteLength} bytes), which could not be read: ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`,
			)
			const status = error instanceof KnowledgeLimitError ? 413 : 422
			return { added, error: uploadFailed(`${upload.name}: ${error.message}`), status }
		}
	}
	return { added, error: null }
}

/** "The whole site" in the create form: the site joins the list imported once the chatbot exists. */
function addPendingSite(values: BuilderValues) {
	const parsed = WebsiteSourceSchema.safeParse({ url: values.url, scope: 'site' })
	if (!parsed.success) {
		const message = parsed.error.issues[0].message
		const toast = makeToast({
			type: 'error',
			...toasts.importFailed,
			description: `${toasts.importFailed.description} ${message}`,
		})
		return reply(values, { toast, errors: { url: message }, status: 400 })
	}
	if (values.sites.length >= MAX_PENDING_SITES && !values.sites.includes(parsed.data.url)) {
		const message = `Add at most ${MAX_PENDING_SITES} sites now; add more from the chatbot's page.`
		return reply(values, {
			toast: makeToast({ type: 'error', title: toasts.importFailed.title, description: message }),
			status: 400,
		})
	}
	const sites = [...new Set([...values.sites, parsed.data.url])]
	return reply(
		{ ...values, url: '', sites },
		{ toast: makeToast({ type: 'success', title: chatbotBuilder.sources.pendingAdded }) },
	)
}

async function importInto(values: BuilderValues, userId: string, scope: string) {
	if (scope === 'site') return addPendingSite(values)
	const result = await importWebsiteForUser(userId, values.url)
	if (result.kind === 'empty') return reply(values)
	if (result.kind === 'error') {
		const toast = makeToast({
			type: 'error',
			...toasts.importFailed,
			description: `${toasts.importFailed.description} ${result.message}`,
		})
		return reply(values, { toast, errors: { url: result.message }, status: result.status })
	}
	const next = { ...values, url: '', knowledgeBase: appendKnowledge(values.knowledgeBase, result.added) }
	return reply(next, { added: result.added, toast: makeToast({ type: 'success', title: toasts.websiteImported }) })
}

/**
 * Every post of the builder. `pageOf` is the chatbot whose page posted (its switch and saves come
 * back there); from the list, they come back to the list.
 */
export async function chatbotBuilderAction(request: Request, userId: string, pageOf?: string) {
	const returnTo = pageOf ? chatbotPagePath(pageOf) : LIST_PATH
	let read
	try {
		read = await readForm(request)
	} catch (error) {
		if (error instanceof MaxFileSizeExceededError || error instanceof MaxFilesExceededError) {
			const reason =
				error instanceof MaxFilesExceededError
					? `Add at most ${MAX_FILES} files at a time.`
					: `Files are limited to ${formatMegabytes(MAX_UPLOAD_BYTES)}.`
			return reply(valuesOf(new FormData()), { toast: uploadFailed(reason), status: 413 })
		}
		console.warn(`Chatbot builder: unreadable form from user ${userId}:`, error)
		return reply(valuesOf(new FormData()), { toast: makeToast({ type: 'error', ...toasts.createFailed }), status: 400 })
	}
	const post: BuilderPost = { ...read, values: valuesOf(read.form), userId, request, returnTo }
	const intent = String(read.form.get('intent') ?? '')
	// A chatbot's own page manages its sources; the create form has none yet.
	if (pageOf && intent === 'save-widget') return saveWidgetAction(read.form, userId, pageOf, returnTo)
	if (pageOf && (intent === 'widget-avatar' || intent === 'widget-avatar-remove')) {
		return widgetAvatarAction({
			remove: intent === 'widget-avatar-remove',
			uploads: read.uploads,
			userId,
			chatbotId: pageOf,
			pagePath: returnTo,
		})
	}
	if (pageOf && isSourceIntent(intent)) {
		return sourceAction({ intent, form: read.form, uploads: read.uploads, userId, chatbotId: pageOf, returnTo })
	}
	switch (intent) {
		case 'toggle':
			return toggleIntent(read.form, { listPath: returnTo, toasts, userId, setActive: setChatbotActive })
		case 'delete':
			return deleteIntent(read.form, {
				listPath: LIST_PATH,
				toasts,
				userId,
				remove: deleteChatbot,
				label: 'Chatbot builder',
			})
		case 'import':
			return importInto(post.values, userId, String(read.form.get('scope') ?? 'page'))
		case 'upload':
			return addFiles(post)
		case 'create':
		case 'update':
			return saveChatbot(post, intent)
		default:
			return reply(post.values, { toast: makeToast({ type: 'error', ...toasts.createFailed }), status: 400 })
	}
}

/**
 * A save that waited too long for a row another save or job holds (DATABASE_LOCK_TIMEOUT_MS): the
 * form comes back as it was, with a "try again" (409), rather than holding a connection longer.
 */
function saveBusy(values: BuilderValues, userId: string) {
	console.warn(`Chatbot builder: a save of user ${userId} gave up waiting for a lock; asked to try again`)
	return reply(values, {
		toast: makeToast({ type: 'error', ...toasts.saveBusy }),
		status: 409,
	})
}

/** Why a save may not happen now: too many saves this hour, or more knowledge than the user may keep. */
async function saveRefusal(userId: string, knowledgeChars: number, replacingId?: string) {
	const limit = await consumeRateLimit(`chatbot-save:user:${userId}`, rateLimits.chatbotSavesPerUser)
	if (!limit.allowed) return { status: 429, message: tooManyAttemptsMessage(limit.retryAfterSeconds) }
	const replacing = replacingId && isUuid(replacingId) ? replacingId : undefined
	const overQuota = await checkKnowledgeQuota(userId, knowledgeChars, { replacingId: replacing })
	return overQuota ? { status: 413, message: overQuota } : null
}

type BuilderPost = {
	form: FormData
	uploads: Upload[]
	values: BuilderValues
	userId: string
	request: Request
	returnTo: string
}

/** "Add file": the text of the chosen files appended to the knowledge box. */
async function addFiles(post: BuilderPost) {
	const { uploads, values, userId } = post
	const files = await readUploads(uploads, userId, values.knowledgeBase)
	const withFiles = { ...values, knowledgeBase: appendKnowledge(values.knowledgeBase, files.added) }
	if (files.error) return reply(withFiles, { toast: files.error, added: files.added || null, status: files.status })
	if (uploads.length === 0) {
		// Enter in the website field submits the form's first button ("Add file"): import instead.
		if (values.url.trim()) return importInto(values, userId, String(post.form.get('scope') ?? 'page'))
		return reply(values, { toast: makeToast({ type: 'message', title: 'Choose a file to upload first.' }) })
	}
	return reply(withFiles, { added: files.added, toast: makeToast({ type: 'success', title: toasts.fileUploaded }) })
}

/** "Create Chatbot" or saving an edit. Files chosen with the form are read too, so nothing picked is silently dropped. */
async function saveChatbot({ uploads, values, userId, request, returnTo }: BuilderPost, intent: 'create' | 'update') {
	const files = await readUploads(uploads, userId, values.knowledgeBase)
	const withFiles = { ...values, knowledgeBase: appendKnowledge(values.knowledgeBase, files.added) }
	if (files.error) return reply(withFiles, { toast: files.error, status: files.status })

	const sites = intent === 'create' ? pendingSites(values) : []
	if (typeof sites === 'string') {
		const toast = makeToast({ type: 'error', title: toasts.createFailed.title, description: sites })
		return reply(withFiles, { toast, errors: { url: sites }, status: 400 })
	}
	// Typed text may be empty when files or websites bring the knowledge.
	const withSources = intent === 'create' ? sites.length > 0 : await hasOtherSources(values.id)
	const parsed = chatbotFormSchemaFor(withSources).safeParse(withFiles)
	if (!parsed.success) {
		const errors: BuilderErrors = fieldErrorsOf(parsed.error)
		const toast = makeToast(
			formProblemToast(
				errors,
				toasts.missing,
				intent === 'create' ? toasts.createFailed.title : 'Error',
				chatbotRequired,
			),
		)
		return reply(withFiles, { errors, toast, status: 400 })
	}

	const refusal = await saveRefusal(
		userId,
		parsed.data.knowledgeBase.length,
		intent === 'update' ? values.id : undefined,
	)
	if (refusal) {
		const toast = makeToast({
			type: 'error',
			title: intent === 'create' ? toasts.createFailed.title : 'Error',
			description: refusal.message,
		})
		return reply(withFiles, { toast, status: refusal.status })
	}

	if (intent === 'update') {
		const id = IdSchema.safeParse(values)
		let updated: boolean
		try {
			updated = id.success && (await updateChatbot(userId, id.data.id, parsed.data))
		} catch (error) {
			if (!isLockTimeout(error)) throw error
			return saveBusy(withFiles, userId)
		}
		if (!updated) {
			return redirectWithToast(LIST_PATH, { type: 'error', title: 'Error', description: toasts.notFound })
		}
		return redirectWithToast(returnTo, { type: 'success', title: toasts.updated, description: toasts.indexing })
	}

	try {
		const started = performance.now()
		const { chatbot } = await createChatbot(userId, parsed.data, getSiteOrigin(request), sites)
		console.log(
			`Chatbot builder: user ${userId} created chatbot ${chatbot.id} (${parsed.data.knowledgeBase.length} characters queued for indexing, ${sites.length} sites queued, ${Math.round(performance.now() - started)} ms)`,
		)
		return redirectWithToast(chatbotPagePath(chatbot.id), {
			type: 'success',
			title: toasts.created,
			description: toasts.indexing,
		})
	} catch (error) {
		if (error instanceof SourceLimitError) {
			const toast = makeToast({ type: 'error', title: toasts.createFailed.title, description: error.message })
			return reply(withFiles, { toast, status: 413 })
		}
		if (isLockTimeout(error)) return saveBusy(withFiles, userId)
		console.error(`Chatbot builder: creating a chatbot for user ${userId} failed:`, error)
		return reply(withFiles, { toast: makeToast({ type: 'error', ...toasts.createFailed }), status: 500 })
	}
}
