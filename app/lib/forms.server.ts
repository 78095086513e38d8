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
