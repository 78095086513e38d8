import { createCookie, redirect } from 'react-router'
import { cookieDefaults } from './cookie.server.ts'
import { makeToast, ToastSchema, type Toast, type ToastInput } from './toast.ts'

function toastCookie() {
	return createCookie('toast', cookieDefaults())
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', await toastCookie().serialize(makeToast(input)))
	return redirect(url, { ...init, headers })
}

/** The flash toast of this request, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
	const raw = await toastCookie().parse(request.headers.get('Cookie'))
	const parsed = ToastSchema.safeParse(raw)
	if (!raw) return { toast: null, headers: null }
	const headers = new Headers({ 'Set-Cookie': await toastCookie().serialize('', { maxAge: 0 }) })
	return { toast: parsed.success ? parsed.data : null, headers }
}
