import dns from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import ipaddr from 'ipaddr.js'
// Fetching a URL a user typed, without letting them reach our own network (SSRF). Every hop is
// resolved here, every resolved address must be public unicast, and the connection goes to exactly
// the address that was checked (no second DNS lookup a rebinding server could answer differently).
// Redirects are followed by hand so each new host is checked the same way.
import { deadlineSignal } from './deadline.ts'
import { formatFileSize } from './misc.ts'

export type SafeFetchErrorCode =
	| 'invalid-url'
	| 'blocked-address'
	| 'unresolvable'
	| 'too-many-redirects'
	| 'timeout'
	| 'too-large'
	| 'not-html'
	| 'http-status'
	| 'network'
	| 'unreadable'
	| 'off-site'

export class SafeFetchError extends Error {
	constructor(
		public code: SafeFetchErrorCode,
		message: string,
		public status?: number,
	) {
		super(message)
		this.name = 'SafeFetchError'
	}
}

export type SafeFetchOptions = {
	timeoutMs?: number
	maxBytes?: number
	maxRedirects?: number
	/** host:port pairs allowed even on private addresses (tests' local servers); empty in production. */
	allow?: readonly string[]
	/** Content types accepted (prefix match); the default is HTML only. */
	accept?: readonly string[]
	/** Extra request headers (a crawler's User-Agent, conditional-request validators). */
	headers?: Record<string, string>
	/** Whether a redirect may be followed to this address (a crawl stays on its site). */
	followRedirect?: (url: URL) => boolean
	/** A POST with this body instead of a GET (a webhook); give it `maxRedirects: 0`. */
	post?: { body: string; contentType: string } | null
	/** DNS resolution (tests stand in a resolver that answers what they need). */
	lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>
}

/** `status` 304 (with an empty body) only answers a conditional request: the page has not changed. */
export type SafeFetchResult = {
	url: string
	status: number
	contentType: string
	body: string
	etag: string | null
	lastModified: string | null
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * IPv6 is allowed from a list, not refused from one: only global unicast (2000::/3) can be a public
 * website, which leaves out ::/96 (IPv4-compatible, `[::127.0.0.1]`), NAT64 (64:ff9b::/96 and
 * 64:ff9b:1::/48), discard (100::/64), unique- and link-local, site-local and multicast at once.
 * Inside 2000::/3 these special-purpose blocks (IANA registry) are refused as well.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')
const IPV6_SPECIAL_PURPOSE = [
	'2001::/23', // IETF protocol assignments: Teredo (embeds an IPv4 address), benchmarking, ORCHID…
	'2001:db8::/32', // documentation
	'2002::/16', // 6to4 (embeds an IPv4 address)
	'3fff::/20', // documentation (RFC 9637)
].map((cidr) => ipaddr.parseCIDR(cidr))

/** True only for globally routable unicast addresses (IPv4-mapped IPv6 judged as its IPv4). */
export function isPublicAddress(address: string) {
	if (!ipaddr.isValid(address)) return false
	const parsed = ipaddr.parse(canonicalIPv6(address))
	if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast'
	const ipv6 = parsed as ipaddr.IPv6
	if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().range() === 'unicast'
	return (
		ipv6.match(IPV6_GLOBAL_UNICAST) &&
		!IPV6_SPECIAL_PURPOSE.some((cidr) => ipv6.match(cidr)) &&
		ipv6.range() === 'unicast'
	)
}

/**
 * `::a.b.c.d` written with a dotted tail, in the WHATWG form the fetcher sees (`::7f00:1`): ipaddr.js
 * would read every dotted tail as IPv4-mapped.
 */
function canonicalIPv6(address: string) {
	if (!address.includes(':') || !address.includes('.')) return address
	try {
		return new URL(`http://[${address}]/`).hostname.slice(1, -1)
	} catch {
		return address
	}
}

function parseTarget(raw: string | URL) {
	let url: URL
	try {
		url = new URL(raw)
	} catch {
		throw new SafeFetchError('invalid-url', 'That is not a valid web address.')
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw new SafeFetchError('invalid-url', 'Only http and https addresses can be imported.')
	if (url.username || url.password)
		throw new SafeFetchError('invalid-url', 'Addresses with a user name or password cannot be imported.')
	return url
}

async function resolveChecked(url: URL, allow: readonly string[], lookup: NonNullable<SafeFetchOptions['lookup']>) {
	const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
	const port = url.port || (url.protocol === 'https:' ? '443' : '80')
	const allowed = allow.includes(`${host}:${port}`)
	let addresses: Array<{ address: string; family: number }>
	if (net.isIP(host)) {
		addresses = [{ address: host, family: net.isIP(host) }]
	} else {
		try {
			addresses = await lookup(host)
		} catch {
			throw new SafeFetchError('unresolvable', `The host ${host} could not be found.`)
		}
	}
	if (addresses.length === 0) throw new SafeFetchError('unresolvable', `The host ${host} could not be found.`)
	// Every answer must be public: a name that resolves to a mix is refused outright.
	const blocked = addresses.find((a) => !isPublicAddress(a.address))
	if (blocked && !allowed)
		throw new SafeFetchError(
			'blocked-address',
			`${host} points to a private or local address (${blocked.address}), which cannot be imported.`,
		)
	return { host, port: Number(port), address: addresses[0] }
}

function requestOnce(
	url: URL,
	target: { host: string; port: number; address: { address: string; family: number } },
	signal: AbortSignal,
	maxBytes: number,
	extraHeaders: Record<string, string>,
	post: SafeFetchOptions['post'],
	accept: readonly string[],
) {
	const client = url.protocol === 'https:' ? https : http
	type Response = {
		status: number
		location: string | null
		contentType: string
		body: Buffer | null
		etag: string | null
		lastModified: string | null
	}
	return new Promise<Response>((resolve, reject) => {
		const request = client.request(
			{
				protocol: url.protocol,
				hostname: target.host,
				port: target.port,
				path: `${url.pathname}${url.search}`,
				method: post ? 'POST' : 'GET',
				signal,
				headers: {
					'User-Agent': 'ZenvoraKnowledgeImport/1.0',
					Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
					'Accept-Encoding': 'identity',
					...(post ? { 'Content-Type': post.contentType, 'Content-Length': String(Buffer.byteLength(post.body)) } : {}),
					...extraHeaders,
				},
				// Connect to the address we checked, never to a fresh lookup's answer.
				lookup: ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
					if (options?.all) callback(null, [target.address])
					else callback(null, target.address.address, target.address.family)
				}) as unknown as net.LookupFunction,
			},
			(response) => {
				const status = response.statusCode ?? 0
				const contentType = String(response.headers['content-type'] ?? '')
				const validators = {
					etag: response.headers.etag ?? null,
					lastModified: response.headers['last-modified'] ?? null,
				}
				if (REDIRECTS.has(status) || status === 304) {
					response.resume()
					const location = response.headers.location ?? null
					return resolve({ status, location, contentType, body: null, ...validators })
				}
				// A file that is not what was asked for (an archive, a picture, a Markdown file a docs page links
				// to) is refused from its headers: its body, which may be large, is never read.
				if (status >= 200 && status < 300 && !accepts(accept, contentType)) {
					response.destroy()
					return reject(notAccepted(contentType))
				}
				const declared = Number(response.headers['content-length'])
				if (Number.isFinite(declared) && declared > maxBytes) {
					response.destroy()
					return reject(new SafeFetchError('too-large', `The page is larger than ${formatFileSize(maxBytes)}.`))
				}
				const chunks: Buffer[] = []
				let size = 0
				response.on('data', (chunk: Buffer) => {
					size += chunk.length
					if (size > maxBytes) {
						response.destroy()
						reject(new SafeFetchError('too-large', `The page is larger than ${formatFileSize(maxBytes)}.`))
						return
					}
					chunks.push(chunk)
				})
				response.on('end', () =>
					resolve({ status, location: null, contentType, body: Buffer.concat(chunks), ...validators }),
				)
				response.on('error', reject)
			},
		)
		request.on('error', reject)
		request.end(post?.body)
	})
}

const mediaTypeOf = (contentType: string) => contentType.split(';')[0].trim().toLowerCase()
const accepts = (accept: readonly string[], contentType: string) =>
	accept.some((type) => mediaTypeOf(contentType).startsWith(type))
const notAccepted = (contentType: string) =>
	new SafeFetchError('not-html', `The address is not a web page (${mediaTypeOf(contentType) || 'no content type'}).`)

function decode(body: Buffer, contentType: string) {
	const charset = /charset=([^;]+)/i.exec(contentType)?.[1]?.trim().replace(/["']/g, '')
	try {
		return new TextDecoder(charset || 'utf-8').decode(body)
	} catch {
		return new TextDecoder('utf-8').decode(body)
	}
}

const systemLookup = (host: string) => dns.lookup(host, { all: true, verbatim: true })

/**
 * Why a fetch of `raw` would be refused before a byte is sent (not an http(s) address, or a host on
 * a private or local address), in the words the fetch itself would fail with; null when it may be
 * fetched, or when only trying can tell (a name that does not resolve now, or not within
 * `timeoutMs`, may later). A form can say so when it is sent, not after a job has tried.
 */
export async function addressRefusal(
	raw: string,
	options: Pick<SafeFetchOptions, 'allow' | 'lookup'> & { timeoutMs?: number } = {},
): Promise<string | null> {
	const lookup = options.lookup ?? systemLookup
	const timeoutMs = options.timeoutMs ?? 2_000
	const withinTime = (host: string) => {
		let timer: NodeJS.Timeout | undefined
		const late = new Promise<never>((_, reject) => {
			timer = setTimeout(() => reject(new Error('The lookup took too long.')), timeoutMs)
		})
		return Promise.race([lookup(host), late]).finally(() => clearTimeout(timer))
	}
	try {
		await resolveChecked(parseTarget(raw), options.allow ?? [], withinTime)
		return null
	} catch (error) {
		if (!(error instanceof SafeFetchError)) throw error
		return error.code === 'blocked-address' || error.code === 'invalid-url' ? error.message : null
	}
}

export async function safeFetch(raw: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
	const settings: Required<SafeFetchOptions> = {
		timeoutMs: options.timeoutMs ?? 10_000,
		maxBytes: options.maxBytes ?? 2 * 1024 * 1024,
		maxRedirects: options.maxRedirects ?? 5,
		allow: options.allow ?? [],
		accept: options.accept ?? ['text/html', 'application/xhtml+xml'],
		headers: options.headers ?? {},
		followRedirect: options.followRedirect ?? (() => true),
		post: options.post ?? null,
		lookup: options.lookup ?? systemLookup,
	}
	// One deadline for the whole exchange, redirects included: a slow page cannot hold us.
	const deadline = deadlineSignal(settings.timeoutMs)
	try {
		return await fetchWithin(raw, deadline.signal, settings)
	} finally {
		deadline.done()
	}
}

async function fetchWithin(
	raw: string | URL,
	signal: AbortSignal,
	settings: Required<SafeFetchOptions>,
): Promise<SafeFetchResult> {
	const { timeoutMs, maxBytes, maxRedirects, allow, accept, headers, followRedirect, post, lookup } = settings
	let url = parseTarget(raw)
	for (let hop = 0; ; hop++) {
		const target = await resolveChecked(url, allow, lookup)
		let response
		try {
			response = await requestOnce(url, target, signal, maxBytes, headers, post, accept)
		} catch (error) {
			if (error instanceof SafeFetchError) throw error
			if (signal.aborted)
				throw new SafeFetchError('timeout', `The page did not load within ${Math.round(timeoutMs / 1000)} seconds.`)
			throw new SafeFetchError('network', `The page could not be loaded (${(error as Error).message}).`)
		}
		if (REDIRECTS.has(response.status)) {
			if (!response.location)
				throw new SafeFetchError(
					'http-status',
					`The page answered ${response.status} without a new address.`,
					response.status,
				)
			if (hop >= maxRedirects)
				throw new SafeFetchError('too-many-redirects', `The page redirected more than ${maxRedirects} times.`)
			url = parseTarget(new URL(response.location, url))
			if (!followRedirect(url))
				throw new SafeFetchError('off-site', `The page redirects off the site, to ${url.origin}.`, response.status)
			continue
		}
		const validators = { etag: response.etag, lastModified: response.lastModified }
		if (response.status === 304) {
			return { url: url.toString(), status: 304, contentType: response.contentType, body: '', ...validators }
		}
		if (response.status < 200 || response.status >= 300) {
			throw new SafeFetchError('http-status', `The page answered with HTTP ${response.status}.`, response.status)
		}
		if (!accepts(accept, response.contentType)) throw notAccepted(response.contentType)
		return {
			url: url.toString(),
			status: response.status,
			contentType: response.contentType,
			body: decode(response.body!, response.contentType),
			...validators,
		}
	}
}
