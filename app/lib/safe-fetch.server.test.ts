import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { htmlText as htmlToKnowledgeText } from '~/lib/sandbox/parsers.ts'
import { ARTICLE_PAGE, startWebsiteServer, type WebsiteServer } from '../../tests/support/website-server.ts'
import { addressRefusal, isPublicAddress, safeFetch, SafeFetchError } from './safe-fetch.server.ts'

let site: WebsiteServer
let allow: string[]
beforeAll(async () => {
	site = await startWebsiteServer()
	allow = [`127.0.0.1:${site.port}`]
})
afterAll(() => site.close())

async function refusal(promise: Promise<unknown>) {
	const error = await promise.catch((e: unknown) => e)
	expect(error).toBeInstanceOf(SafeFetchError)
	return error as SafeFetchError
}

describe('isPublicAddress', () => {
	test.each([
		'127.0.0.1',
		'10.1.2.3',
		'172.16.0.1',
		'192.168.1.1',
		'169.254.169.254',
		'0.0.0.0',
		'100.64.0.1',
		'::1',
		'::',
		'fe80::1',
		'fd00::1',
		'::ffff:127.0.0.1',
		'224.0.0.1',
		'255.255.255.255',
	])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false))
	// One address from every special-purpose IPv6 block (IANA registry), plus the ones that embed IPv4.
	test.each([
		['::127.0.0.1', 'IPv4-compatible (::/96)'],
		['::7f00:1', 'IPv4-compatible, as the URL parser writes it'],
		['::8.8.8.8', 'IPv4-compatible, even of a public address'],
		['::ffff:0:7f00:1', 'IPv4-translated (::ffff:0:0/96)'],
		['64:ff9b::7f00:1', 'NAT64 (64:ff9b::/96)'],
		['64:ff9b:1::1', 'local NAT64 (64:ff9b:1::/48)'],
		['100::1', 'discard-only (100::/64)'],
		['2001::1', 'Teredo (2001::/32)'],
		['2001:2::1', 'benchmarking (2001:2::/48)'],
		['2001:20::1', 'ORCHIDv2 (2001:20::/28)'],
		['2001:db8::1', 'documentation (2001:db8::/32)'],
		['2002:7f00:1::1', '6to4 (2002::/16)'],
		['3fff::1', 'documentation (3fff::/20)'],
		['5f00::1', 'SRv6 SIDs (5f00::/16)'],
		['fc00::1', 'unique local (fc00::/7)'],
		['fec0::1', 'site-local (fec0::/10)'],
		['ff02::1', 'multicast (ff00::/8)'],
		['::', 'unspecified'],
	])('%s (%s) is not public', (address) => expect(isPublicAddress(address)).toBe(false))
	test.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])(
		'%s is public',
		(address) => expect(isPublicAddress(address)).toBe(true),
	)
})

describe('safeFetch refuses our own network', () => {
	test.each([
		['127.0.0.1', 'http://127.0.0.1:9/'],
		['localhost', 'http://localhost:9/'],
		['[::1]', 'http://[::1]:9/'],
		['10.x', 'http://10.0.0.5/'],
		['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
		['0.0.0.0', 'http://0.0.0.0:9/'],
		['a decimal-encoded loopback', 'http://2130706433/'],
		['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
		['an IPv4-compatible IPv6 loopback', 'http://[::127.0.0.1]/'],
	])('%s', async (_label, url) => {
		expect((await refusal(safeFetch(url))).code).toBe('blocked-address')
	})

	test('the local test site itself, when it is not on the allowlist (the default)', async () => {
		expect((await refusal(safeFetch(`${site.origin}/article`))).code).toBe('blocked-address')
	})

	test('a public-looking hostname that resolves to loopback', async () => {
		const lookup = async () => [{ address: '127.0.0.1', family: 4 }]
		expect((await refusal(safeFetch('http://innocent.example.com/', { lookup }))).code).toBe('blocked-address')
	})

	test('a hostname with one public and one private answer', async () => {
		const lookup = async () => [
			{ address: '93.184.216.34', family: 4 },
			{ address: '10.0.0.1', family: 4 },
		]
		expect((await refusal(safeFetch('http://mixed.example.com/', { lookup }))).code).toBe('blocked-address')
	})

	test('an allowed page that redirects to loopback', async () => {
		const to = encodeURIComponent(`http://localhost:${site.port}/article`)
		const error = await refusal(safeFetch(`${site.origin}/redirect?to=${to}`, { allow }))
		expect(error.code).toBe('blocked-address')
	})

	test('an allowed page that redirects to the metadata address', async () => {
		const to = encodeURIComponent('http://169.254.169.254/latest/meta-data/')
		expect((await refusal(safeFetch(`${site.origin}/redirect?to=${to}`, { allow }))).code).toBe('blocked-address')
	})

	test.each([
		'file:///etc/passwd',
		'ftp://example.com/',
		'javascript:alert(1)',
		'not a url',
		'http://user:pw@example.com/',
	])('refuses %s', async (url) => {
		expect((await refusal(safeFetch(url))).code).toBe('invalid-url')
	})
})

describe('addressRefusal: what a form can refuse before a job tries', () => {
	test('a private address, in the words the fetch fails with', async () => {
		const message = 'localhost points to a private or local address (127.0.0.1), which cannot be imported.'
		const lookup = async () => [{ address: '127.0.0.1', family: 4 }]
		expect(await addressRefusal('http://localhost:9/', { lookup })).toBe(message)
		expect((await refusal(safeFetch('http://localhost:9/', { lookup }))).message).toBe(message)
		expect(await addressRefusal('http://10.0.0.5/')).toBe(
			'10.0.0.5 points to a private or local address (10.0.0.5), which cannot be imported.',
		)
	})

	test('an address on the allowlist, a public one, and one only trying can judge, are not refused', async () => {
		expect(await addressRefusal(`${site.origin}/article`, { allow })).toBeNull()
		expect(
			await addressRefusal('https://example.com/', { lookup: async () => [{ address: '93.184.216.34', family: 4 }] }),
		).toBeNull()
		const missing = async () => Promise.reject(new Error('ENOTFOUND'))
		expect(await addressRefusal('https://nowhere.example.com/', { lookup: missing })).toBeNull()
		const slow = () => new Promise<never>(() => {})
		expect(await addressRefusal('https://slow.example.com/', { lookup: slow, timeoutMs: 50 })).toBeNull()
	})

	test('not a website address', async () => {
		expect(await addressRefusal('ftp://example.com/')).toBe('Only http and https addresses can be imported.')
	})
})

describe('safeFetch limits', () => {
	test('follows up to 5 redirects, refuses the sixth', async () => {
		const ok = await safeFetch(`${site.origin}/redirect?hops=5`, { allow })
		expect(ok.url).toBe(`${site.origin}/article`)
		expect((await refusal(safeFetch(`${site.origin}/redirect?hops=6`, { allow }))).code).toBe('too-many-redirects')
	})

	test('a slow page is cut off at the deadline', async () => {
		const started = Date.now()
		expect((await refusal(safeFetch(`${site.origin}/slow`, { allow, timeoutMs: 300 }))).code).toBe('timeout')
		expect(Date.now() - started).toBeLessThan(3000)
	})

	test('a huge page is cut off at the size cap', async () => {
		expect((await refusal(safeFetch(`${site.origin}/huge`, { allow, maxBytes: 1024 * 1024 }))).code).toBe('too-large')
	})

	test('only HTML is accepted', async () => {
		expect((await refusal(safeFetch(`${site.origin}/file.json`, { allow }))).code).toBe('not-html')
	})

	test('an error status is an error', async () => {
		const error = await refusal(safeFetch(`${site.origin}/missing`, { allow }))
		expect([error.code, error.status]).toEqual(['http-status', 404])
	})
})

describe('htmlToKnowledgeText', () => {
	test('keeps the main text, drops scripts, styles and navigation, collapses whitespace', () => {
		const text = htmlToKnowledgeText(ARTICLE_PAGE)
		expect(text).toBe(
			'# Acme Widgets warranty\n\nEvery Acme widget carries a seven-year warranty covering the flux capacitor.\n\nOur workshop in Pune repairs widgets within 48 hours.',
		)
	})

	test('uses the body when the page has no main element', () => {
		expect(htmlToKnowledgeText('<body><nav>Menu</nav><div><p>Hello   there</p><script>x()</script></div></body>')).toBe(
			'Hello there',
		)
	})
})
