/**
 * The client's IP as Express resolved it (TRUST_PROXY decides which X-Forwarded-For hops count).
 * server/app.ts always overwrites this header, so a client cannot choose it.
 */
export const CLIENT_IP_HEADER = 'x-app-client-ip'

export function clientIp(request: Request) {
	return request.headers.get(CLIENT_IP_HEADER) ?? 'unknown'
}
