/** Headers that send a renewed session cookie back, when there is one. */
export function sessionHeaders(setCookie: string | null): HeadersInit | undefined {
	return setCookie ? { 'Set-Cookie': setCookie } : undefined
}
