import ipaddr from 'ipaddr.js'

/**
 * The client's IP as Express resolved it (TRUST_PROXY decides which X-Forwarded-For hops count).
 * server/app.ts always overwrites this header, so a client cannot choose it.
 */
export const CLIENT_IP_HEADER = 'x-app-client-ip'

/**
 * Whom every per-IP limit (and the request share's fallback for visitors) counts a request against:
 * its client key.
 */
export function clientKey(request: Request) {
	return clientKeyOf(request.headers.get(CLIENT_IP_HEADER) ?? 'unknown')
}

/**
 * The client key of an address: an IPv4 address as it is, an IPv6 address as its /64. Any single
 * host or home connection is given a whole /64 (and privacy extensions pick new addresses in it all
 * the time), so counting IPv6 addresses one by one would let one visitor be countless visitors.
 * An IPv4 client on a dual-stack socket (`::ffff:a.b.c.d`) is that IPv4 address. Anything that is
 * not an address is kept as it is ('unknown', say): one key for all of those.
 */
export function clientKeyOf(address: string) {
	if (!ipaddr.IPv4.isValidFourPartDecimal(address) && !ipaddr.IPv6.isValid(address)) return address
	const parsed = ipaddr.process(address)
	if (parsed.kind() === 'ipv4') return parsed.toString()
	const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4)
	return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`
}
