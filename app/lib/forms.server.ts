import { data } from 'react-router'

/**
 * PostgreSQL cannot store a NUL character in text, so every reader of a body (forms here, JSON in
 * http.server.ts, the multipart readers that use findNulField) refuses one with this 400 before
 * anything is done with it, rather than failing later with a 500 (or after a provider was paid).
 */
export const NUL_REFUSED = 'Text may not contain NUL characters.'

/** The name of the first text field (or file name) of `form` that holds a NUL character, or null. */
export function findNulField(form: FormData) {
	for (const [name, value] of form) {
		const text = typeof value === 'string' ? value : value.name
		if (name.includes('\0') || text.includes('\0')) return name
	}
	return null
}

/**
 * The form a browser posted. A body that is not a form (wrong Content-Type, cut off, malformed) is
 * the client's mistake: a 400 with a message, never an exception that becomes a 500; so is text
 * with a NUL character.
 */
export async function readFormData(request: Request) {
	let form: FormData
	try {
		form = await request.formData()
	} catch {
		throw data('The form could not be read. Reload the page and try again.', { status: 400 })
	}
	if (findNulField(form) !== null) throw data(NUL_REFUSED, { status: 400 })
	return form
}

/**
 * A file read off a multipart post: its bytes, or only its name when it was over the cap (the rest
 * of the form is still read, so the page can say which file was too big).
 */
export type Upload = { name: string; bytes: Uint8Array } | { name: string; tooLarge: true }
