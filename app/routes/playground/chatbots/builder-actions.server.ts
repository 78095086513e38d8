// The list and create form's posts (/playground): one handler per intent. "Create Chatbot" creates
// the chatbot and its sources in one step: the typed text, each chosen file (stored and queued for
// `ingest-file`, as "Add file" on the chatbot's page does) and each whole site; jobs read and index
// them (docs/decisions/0039-one-knowledge-pipeline.md). Plain form posts (multipart for files), so
// all of it works without JavaScript. Every change is scoped to the signed-in user.
import { MAX_PENDING_SITES, type BuilderValues } from '~/features/chatbots/chatbot-schema.ts'
import { createChatbot } from '~/features/chatbots/chatbots.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { appendKnowledge } from '~/features/chatbots/knowledge-base.ts'
import {
	chargeUploads,
	checkUploads,
	type UploadRefusal,
	type UploadRefusalReason,
} from '~/features/chatbots/sources/file-uploads.server.ts'
import { WebsiteSourceSchema, type WebsiteSourceForm } from '~/features/chatbots/sources/source-schema.ts'
import { SourceLimitError } from '~/features/chatbots/sources/sources.server.ts'
import { importWebsiteForUser, websiteRefusal } from '~/features/chatbots/website-import.server.ts'
import { isLockTimeout } from '~/lib/db.server.ts'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { makeToast } from '~/lib/toast.ts'
import { chatbotCard } from '~/routes/playground/builder-cards.server.ts'
import { runIntent } from '~/routes/playground/builder-intents.server.ts'
import {
	chatbotPagePath,
	LIST_PATH,
	parseChatbotForm,
	readBuilderPost,
	reply,
	saveBusy,
	saveChatbot,
	saveRefusal,
	unknownIntent,
	type BuilderPost,
} from './builder-form.server.ts'
import { websiteImportStatus } from './website-import-status.ts'

const { toasts } = chatbotBuilder

/**
 * The create form's whole sites, as website sources with the default crawl settings; and an address
 * typed in the box but not imported, which becomes a source too (the page, or the whole site, as
 * chosen) rather than being dropped.
 */
function pendingSites(values: BuilderValues, typedScope: string): WebsiteSourceForm[] | string {
	const sites: WebsiteSourceForm[] = []
	for (const url of values.sites) {
		const parsed = WebsiteSourceSchema.safeParse({ url, scope: 'site' })
		if (!parsed.success) return parsed.error.issues[0].message
		sites.push(parsed.data)
	}
	if (values.url.trim()) {
		const parsed = WebsiteSourceSchema.safeParse({ url: values.url, scope: typedScope === 'site' ? 'site' : 'page' })
		if (!parsed.success) return parsed.error.issues[0].message
		if (!sites.some((site) => site.url === parsed.data.url)) sites.push(parsed.data)
	}
	return sites
}

const uploadRefusalStatus: Record<UploadRefusalReason, number> = {
	'too-large': 413,
	'not-accepted': 422,
	'rate-limited': 429,
}

/** Files the create form cannot take: the spec's "Upload failed" with the reason, the form as posted. */
function refuseUploads({ values, uploads }: BuilderPost, refusal: UploadRefusal) {
	const toast = makeToast({ type: 'error', title: toasts.uploadFailed.title, description: refusal.description })
	return reply(values, { toast, status: uploadRefusalStatus[refusal.reason], unsent: uploads })
}

/**
 * "Create Chatbot": the chatbot and all its sources in one transaction, then its page, which shows
 * their progress. The request stores and queues; it reads no file and indexes no text. Files and
 * sites may stand in for typed text.
 */
async function create(post: BuilderPost) {
	const { uploads, values, userId, request } = post
	const failed = (description: string, status: number) =>
		reply(values, {
			toast: makeToast({ type: 'error', title: toasts.createFailed.title, description }),
			status,
			unsent: uploads,
		})
	const sites = pendingSites(values, String(post.form.get('scope') ?? 'page'))
	if (typeof sites === 'string') {
		const toast = makeToast({ type: 'error', title: toasts.createFailed.title, description: sites })
		return reply(values, { toast, errors: { url: sites }, status: 400, unsent: uploads })
	}
	const parsed = parseChatbotForm(values, sites.length > 0 || uploads.length > 0, toasts.createFailed.title, uploads)
	if (parsed.answer) return parsed.answer
	// A site whose crawl is sure to be refused (a private address) is refused now, in the same words,
	// rather than shown as importing on the chatbot's page and failing there.
	const refusedSite = await websiteRefusal(sites.map((site) => site.url))
	if (refusedSite) {
		const toast = makeToast({ type: 'error', title: toasts.createFailed.title, description: refusedSite })
		return reply(values, { toast, errors: { url: refusedSite }, status: 422, unsent: uploads })
	}
	const checked = checkUploads(uploads)
	if ('refusal' in checked) return refuseUploads(post, checked.refusal)

	const refusal = await saveRefusal(userId, parsed.form.knowledgeBase.length)
	if (refusal) return failed(refusal.message, refusal.status)
	const { files } = checked
	if (files.length > 0) {
		const tooMany = await chargeUploads(userId)
		if (tooMany) return refuseUploads(post, tooMany)
	}

	try {
		const started = performance.now()
		const { chatbot } = await createChatbot(userId, parsed.form, getSiteOrigin(request), { sites, files })
		console.log(
			`Chatbot builder: user ${userId} created chatbot ${chatbot.id} (${parsed.form.knowledgeBase.length} characters, ${files.length} files and ${sites.length} sites queued, ${Math.round(performance.now() - started)} ms)`,
		)
		return redirectWithToast(chatbotPagePath(chatbot.id), {
			type: 'success',
			title: toasts.created,
			description: toasts.indexing,
		})
	} catch (error) {
		if (error instanceof SourceLimitError) return failed(error.message, 413)
		if (isLockTimeout(error)) return saveBusy(post)
		console.error(`Chatbot builder: creating a chatbot for user ${userId} failed:`, error)
		return reply(values, {
			toast: makeToast({ type: 'error', ...toasts.createFailed }),
			status: 500,
			unsent: uploads,
		})
	}
}

/**
 * "The whole site" in the create form without JavaScript: the site joins the list imported once the
 * chatbot exists, unless its crawl is sure to be refused.
 */
async function addPendingSite({ values, uploads }: BuilderPost) {
	const refuse = (message: string, status: number) => {
		const toast = makeToast({
			type: 'error',
			...toasts.importFailed,
			description: `${toasts.importFailed.description} ${message}`,
		})
		return reply(values, { toast, errors: { url: message }, status, unsent: uploads })
	}
	const parsed = WebsiteSourceSchema.safeParse({ url: values.url, scope: 'site' })
	if (!parsed.success) return refuse(parsed.error.issues[0].message, 400)
	const refused = await websiteRefusal([parsed.data.url])
	if (refused) return refuse(refused, 422)
	if (values.sites.length >= MAX_PENDING_SITES && !values.sites.includes(parsed.data.url)) {
		const message = `Add at most ${MAX_PENDING_SITES} sites now; add more from the chatbot's page.`
		return reply(values, {
			toast: makeToast({ type: 'error', title: toasts.importFailed.title, description: message }),
			status: 400,
			unsent: uploads,
		})
	}
	const sites = [...new Set([...values.sites, parsed.data.url])]
	return reply(
		{ ...values, url: '', sites },
		{ toast: makeToast({ type: 'success', title: chatbotBuilder.sources.pendingAdded }), unsent: uploads },
	)
}

/** "Import" in the create form without JavaScript: a page's text is appended to the box (spec section 7). */
async function importWebsite(post: BuilderPost) {
	const { values, userId, uploads } = post
	if (String(post.form.get('scope') ?? 'page') === 'site') return addPendingSite(post)
	const result = await importWebsiteForUser(userId, values.url)
	if (result.kind === 'empty') return reply(values, { unsent: uploads })
	if (result.kind === 'error') {
		const toast = makeToast({
			type: 'error',
			...toasts.importFailed,
			description: `${toasts.importFailed.description} ${result.message}`,
		})
		return reply(values, {
			toast,
			errors: { url: result.message },
			status: websiteImportStatus[result.reason],
			unsent: uploads,
		})
	}
	const next = { ...values, url: '', knowledgeBase: appendKnowledge(values.knowledgeBase, result.added) }
	return reply(next, { toast: makeToast({ type: 'success', title: toasts.websiteImported }), unsent: uploads })
}

/** "Save Changes" posted to the list (the form's own id): back to the list. */
const save = (post: BuilderPost) => saveChatbot(post, post.values.id, LIST_PATH)

/** The route's action for the signed-in user: the post read, then its intent's handler. */
export async function builderAction(request: Request, userId: string) {
	const read = await readBuilderPost(request, userId)
	if ('answer' in read) return read.answer
	const { post } = read
	return runIntent(
		post,
		{ create, import: importWebsite, update: save, toggle: chatbotCard.toggle, delete: chatbotCard.delete },
		unknownIntent,
	)
}
