// The Active switch and Delete of both builders' cards: plain form posts that redirect back to the
// list with the spec's toast. Each builder passes its own list path, copy and owner-scoped functions.
import { z } from 'zod'
import type { BuilderKind } from '~/components/playground/builder-parts.tsx'
import { redirectWithToast } from '~/lib/toast.server.ts'

type CardIntentCopy = {
	notFound: string
	activated: string
	deactivated: string
	deleted: string
	deleteFailed: { title: string; description: string }
}

const IdSchema = z.object({ id: z.uuid() })
const ToggleSchema = IdSchema.extend({ active: z.enum(['true', 'false']) })

export async function toggleIntent(
	form: FormData,
	{
		userId,
		listPath,
		toasts,
		setActive,
	}: {
		userId: string
		listPath: string
		toasts: CardIntentCopy
		setActive: (userId: string, id: string, active: boolean) => Promise<boolean>
	},
) {
	const parsed = ToggleSchema.safeParse({ id: form.get('id'), active: form.get('active') })
	const active = parsed.data?.active === 'true'
	if (!parsed.success || !(await setActive(userId, parsed.data.id, active))) {
		return redirectWithToast(listPath, { type: 'error', title: 'Error', description: toasts.notFound })
	}
	return redirectWithToast(listPath, { type: 'success', title: active ? toasts.activated : toasts.deactivated })
}

export async function deleteIntent(
	form: FormData,
	{
		userId,
		listPath,
		toasts,
		remove,
		label,
	}: {
		userId: string
		listPath: string
		toasts: CardIntentCopy
		remove: (userId: string, id: string) => Promise<boolean>
		label: string
	},
) {
	const parsed = IdSchema.safeParse({ id: form.get('id') })
	try {
		if (!parsed.success || !(await remove(userId, parsed.data.id))) {
			return redirectWithToast(listPath, { type: 'error', ...toasts.deleteFailed })
		}
	} catch (error) {
		// Only a valid UUID gets this far, so the log line carries nothing the client made up.
		console.error(`${label}: deleting ${parsed.data?.id} of user ${userId} failed:`, error)
		return redirectWithToast(listPath, { type: 'error', ...toasts.deleteFailed })
	}
	return redirectWithToast(listPath, { type: 'success', title: toasts.deleted })
}

/**
 * Where a post on an item's page comes back to: its `returnTo` field when that is the page itself
 * or one of its sections (a path under `page`, no other site, no other item), else `page`.
 */
export function returnWithin(form: FormData, page: string) {
	const asked = form.get('returnTo')
	if (typeof asked !== 'string' || asked.length > 200) return page
	const rest = asked.slice(page.length)
	return asked.startsWith(page) && (rest === '' || /^(\/[a-z0-9-]+)+$/i.test(rest)) ? asked : page
}

/** What a builder's post carries for its card intents. */
type CardPost = { form: FormData; userId: string; pagePath?: string }

/**
 * A builder's Active switch and Delete as intent handlers: the switch comes back to the page it was
 * posted from (a chatbot's or an assistant's own page, else the list), Delete to the list.
 */
export function cardIntents(
	{ listPath, logLabel: label }: Pick<BuilderKind, 'listPath' | 'logLabel'>,
	{
		toasts,
		setActive,
		remove,
	}: {
		toasts: CardIntentCopy
		setActive: (userId: string, id: string, active: boolean) => Promise<boolean>
		remove: (userId: string, id: string) => Promise<boolean>
	},
) {
	return {
		toggle: ({ form, userId, pagePath }: CardPost) =>
			toggleIntent(form, { listPath: pagePath ?? listPath, toasts, userId, setActive }),
		delete: ({ form, userId }: CardPost) => deleteIntent(form, { listPath, toasts, userId, remove, label }),
	}
}

/**
 * Runs the handler of the post's intent, one function per intent; any other intent (or one that
 * names a property every object has, such as "constructor") gets `unknown`.
 */
export async function runIntent<
	Post extends { intent: string },
	Handlers extends Record<string, (post: Post) => unknown>,
	Unknown extends (post: Post) => unknown,
>(
	post: Post,
	handlers: Handlers,
	unknown: Unknown,
): Promise<Awaited<ReturnType<Handlers[keyof Handlers]>> | Awaited<ReturnType<Unknown>>> {
	const handler = Object.hasOwn(handlers, post.intent) ? handlers[post.intent] : unknown
	return (await handler(post)) as Awaited<ReturnType<Handlers[keyof Handlers]>> | Awaited<ReturnType<Unknown>>
}
