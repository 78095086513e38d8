// The workspace's source posts: add files, add a page or a whole site, re-sync, stop, schedule,
// remove. Each is a plain form post that answers with a redirect and a toast (so it works without
// JavaScript); the work is queued, and the list shows its progress.
import { chatbotBuilder } from '~/features/chatbots/copy.ts'
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from '~/features/chatbots/knowledge-base.ts'
import { fieldErrorsOf } from '~/lib/forms.ts'
import { formatMegabytes } from '~/lib/misc.ts'
import { consumeRateLimit, rateLimits, tooManyAttemptsMessage } from '~/lib/rate-limit.server.ts'
import { redirectWithToast } from '~/lib/toast.server.ts'
import { SYNC_SCHEDULES, WebsiteSourceSchema, type SyncSchedule } from './source-schema.ts'
import {
	addFileSources,
	addWebsiteSource,
	cancelSource,
	removeSource,
	resyncSource,
	setSourceSchedule,
	SourceLimitError,
} from './sources.server.ts'

const { sources: copy, toasts } = chatbotBuilder

const SOURCE_INTENTS = [
	'add-files',
	'add-website',
	'resync-source',
	'cancel-source',
	'schedule-source',
	'remove-source',
] as const
type SourceIntent = (typeof SOURCE_INTENTS)[number]

export const isSourceIntent = (intent: string): intent is SourceIntent =>
	(SOURCE_INTENTS as readonly string[]).includes(intent)

type Upload = { name: string; bytes: Uint8Array } | { name: string; tooLarge: true }

type SourcePost = {
	intent: SourceIntent
	form: FormData
	uploads: Upload[]
	userId: string
	chatbotId: string
	/** The workspace page, where every post comes back to. */
	returnTo: string
}

const error = (returnTo: string, title: string, description: string) =>
	redirectWithToast(`${returnTo}#sources`, { type: 'error', title, description })
const success = (returnTo: string, title: string, description?: string) =>
	redirectWithToast(`${returnTo}#sources`, { type: 'success', title, description })

function uploadProblem(upload: Upload) {
	if ('tooLarge' in upload) return `${upload.name} is larger than ${formatMegabytes(MAX_UPLOAD_BYTES)}.`
	const name = upload.name.toLowerCase()
	if (!ACCEPTED_UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension)))
		return `${upload.name}: Choose a ${ACCEPTED_UPLOAD_EXTENSIONS.join(', ')} file.`
	if (upload.bytes.byteLength === 0) return `${upload.name}: The file is empty.`
	return null
}

async function limited(userId: string) {
	const limit = await consumeRateLimit(`import:user:${userId}`, rateLimits.websiteImportPerUser)
	return limit.allowed ? null : tooManyAttemptsMessage(limit.retryAfterSeconds)
}

export async function sourceAction({ intent, form, uploads, userId, chatbotId, returnTo }: SourcePost) {
	const sourceId = String(form.get('sourceId') ?? '')
	const notFound = () => error(returnTo, 'Error', copy.notFound)
	try {
		switch (intent) {
			case 'add-files': {
				if (uploads.length === 0) return error(returnTo, toasts.uploadFailed.title, 'Choose a file to upload first.')
				const problem = uploads.map(uploadProblem).find(Boolean)
				if (problem) return error(returnTo, toasts.uploadFailed.title, `${toasts.uploadFailed.description}. ${problem}`)
				const tooMany = await limited(userId)
				if (tooMany) return error(returnTo, toasts.uploadFailed.title, tooMany)
				const files = uploads.filter((upload): upload is { name: string; bytes: Uint8Array } => 'bytes' in upload)
				if (!(await addFileSources(userId, chatbotId, files))) return notFound()
				return success(returnTo, toasts.fileUploaded, copy.fileQueued(files.length))
			}
			case 'add-website': {
				const parsed = WebsiteSourceSchema.safeParse(Object.fromEntries(form))
				if (!parsed.success) {
					const problems = Object.values(fieldErrorsOf(parsed.error))
					return error(returnTo, toasts.importFailed.title, problems[0] ?? toasts.importFailed.description)
				}
				const tooMany = await limited(userId)
				if (tooMany) return error(returnTo, toasts.importFailed.title, tooMany)
				if (!(await addWebsiteSource(userId, chatbotId, parsed.data))) return notFound()
				return success(returnTo, copy.importStarted, copy.importQueued(parsed.data.scope))
			}
			case 'resync-source': {
				const outcome = await resyncSource(userId, sourceId)
				if (outcome === 'missing') return notFound()
				if (outcome === 'busy') return error(returnTo, copy.resyncBusy.title, copy.resyncBusy.description)
				return success(returnTo, copy.resyncStarted)
			}
			case 'cancel-source':
				return (await cancelSource(userId, sourceId)) ? success(returnTo, copy.cancelled) : notFound()
			case 'schedule-source': {
				const schedule = String(form.get('schedule') ?? '')
				if (!(SYNC_SCHEDULES as readonly string[]).includes(schedule)) return notFound()
				return (await setSourceSchedule(userId, sourceId, schedule as SyncSchedule))
					? success(returnTo, copy.scheduleSaved(schedule as SyncSchedule))
					: notFound()
			}
			case 'remove-source':
				return (await removeSource(userId, sourceId)) ? success(returnTo, copy.removed) : notFound()
		}
	} catch (failure) {
		if (failure instanceof SourceLimitError) return error(returnTo, 'Limit reached', failure.message)
		throw failure
	}
}
