import { data } from 'react-router'

/**
 * The form a browser posted. A body that is not a form (wrong Content-Type, cut off, malformed) is
 * the client's mistake: a 400 with a message, never an exception that becomes a 500.
 */
export async function readFormData(request: Request) {
	try {
		return await request.formData()
	} catch {
		throw data('The form could not be read. Reload the page and try again.', { status: 400 })
	}
}

/**
 * A file read off a multipart post: its bytes, or only its name when it was over the cap (the rest
 * of the form is still read, so the page can say which file was too big).
 */
export type Upload = { name: string; bytes: Uint8Array } | { name: string; tooLarge: true }
