// The knowledge-source posts of a page that shows a knowledge base's sources (a chatbot's Knowledge
// section, a voice assistant's, ADR 0054): add files, a page or a whole site, re-sync, stop,
// schedule, remove; each comes back to `knowledgePath` with a toast. The page has already checked
// that `chatbotId` (the knowledge base) is the user's; each source call names the user again.
import { chargeWebsiteImport } from '~/features/chatbots/chatbot-limits.server.ts'
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { chargeUploads, checkUploads } from '~/features/chatbots/sources/file-uploads.server.ts'
import {
	SourceRowSchema,
	SourceScheduleSchema,
	WebsiteSourceSchema,
} from '~/features/chatbots/sources/source-schema.ts'
import {
	addFileSources,
	addWebsiteSource,
	cancelSource,
	removeSource as removeSourceOf,
	resyncSource,
	setSourceSchedule,
	SourceLimitError,
} from '~/features/chatbots/sources/sources.server.ts'
import { fieldErrorsOf } from '~/lib/forms.ts'
import { tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import type { BuilderPost } from '~/routes/playground/chatbots/builder-form.server.ts'

const { sources: sourceCopy, toasts } = chatbotBuilder

/** A post of a knowledge page: the knowledge base (a chatbot's id) and the section to come back to. */
export type SourcePost = BuilderPost & { chatbotId: string; knowledgePath: string }

const sourceError = ({ knowledgePath }: SourcePost, title: string, description: string) =>
	redirectWithToast(knowledgePath, { type: 'error', title, description })
const sourceDone = ({ knowledgePath }: SourcePost, title: string, description?: string) =>
	redirectWithToast(knowledgePath, { type: 'success', title, description })
const sourceNotFound = (post: SourcePost) => sourceError(post, 'Error', sourceCopy.notFound)
/** The source a row's button names; '' (found nowhere) when it is not an id. */
const sourceIdOf = ({ form }: SourcePost) => SourceRowSchema.safeParse(Object.fromEntries(form)).data?.sourceId ?? ''

/** A chatbot at its cap of sources: "Limit reached" with the feature's reason. */
async function withinSourceLimit(post: SourcePost, handle: () => Promise<Response>) {
	try {
		return await handle()
	} catch (failure) {
		if (failure instanceof SourceLimitError) return sourceError(post, 'Limit reached', failure.message)
		throw failure
	}
}

/** "Add file": each chosen file becomes a source, stored and queued for `ingest-file`. */
const addFile = (post: SourcePost) =>
	withinSourceLimit(post, async () => {
		const { uploads, userId, chatbotId } = post
		if (uploads.length === 0) return sourceError(post, toasts.uploadFailed.title, 'Choose a file to upload first.')
		const checked = checkUploads(uploads)
		if ('refusal' in checked) return sourceError(post, toasts.uploadFailed.title, checked.refusal.description)
		const tooMany = await chargeUploads(userId)
		if (tooMany) return sourceError(post, toasts.uploadFailed.title, tooMany.description)
		const { files } = checked
		if (!(await addFileSources(userId, chatbotId, files))) return sourceNotFound(post)
		return sourceDone(post, toasts.fileUploaded, sourceCopy.fileQueued(files.length))
	})

/** "Import" of a page or a whole site: queued, its progress shown in the list. */
const addSite = (post: SourcePost) =>
	withinSourceLimit(post, async () => {
		const { form, userId, chatbotId } = post
		const parsed = WebsiteSourceSchema.safeParse(Object.fromEntries(form))
		if (!parsed.success) {
			const problems = Object.values(fieldErrorsOf(parsed.error))
			return sourceError(post, toasts.importFailed.title, problems[0] ?? toasts.importFailed.description)
		}
		const limit = await chargeWebsiteImport(userId)
		if (!limit.allowed)
			return sourceError(post, toasts.importFailed.title, tooManyAttemptsMessage(limit.retryAfterSeconds))
		if (!(await addWebsiteSource(userId, chatbotId, parsed.data))) return sourceNotFound(post)
		return sourceDone(post, sourceCopy.importStarted, sourceCopy.importQueued(parsed.data.scope))
	})

async function resync(post: SourcePost) {
	const outcome = await resyncSource(post.userId, sourceIdOf(post))
	if (outcome === 'missing') return sourceNotFound(post)
	if (outcome === 'busy') return sourceError(post, sourceCopy.resyncBusy.title, sourceCopy.resyncBusy.description)
	return sourceDone(post, sourceCopy.resyncStarted)
}

const cancel = async (post: SourcePost) =>
	(await cancelSource(post.userId, sourceIdOf(post))) ? sourceDone(post, sourceCopy.cancelled) : sourceNotFound(post)

async function schedule(post: SourcePost) {
	const parsed = SourceScheduleSchema.safeParse(Object.fromEntries(post.form))
	if (!parsed.success) return sourceNotFound(post)
	const { sourceId, schedule: every } = parsed.data
	return (await setSourceSchedule(post.userId, sourceId, every))
		? sourceDone(post, sourceCopy.scheduleSaved(every))
		: sourceNotFound(post)
}

const removeSource = async (post: SourcePost) =>
	(await removeSourceOf(post.userId, sourceIdOf(post))) ? sourceDone(post, sourceCopy.removed) : sourceNotFound(post)

/** The source intents, by the `intent` their forms post (app/features/chatbots/ui/knowledge-sources.tsx). */
export const sourceIntents = {
	'add-files': addFile,
	'add-website': addSite,
	'resync-source': resync,
	'cancel-source': cancel,
	'schedule-source': schedule,
	'remove-source': removeSource,
}
