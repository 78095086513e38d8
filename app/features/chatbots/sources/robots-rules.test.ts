import { expect, test } from 'vitest'
import { hostilePath, hostileRobotsTxt } from '../../../../tests/support/hostile-robots.ts'
import { parseRobotsTxt, ROBOTS_MAX_RULES } from './robots-rules.ts'
import { URL_MAX_CHARS } from './site-rules.ts'

const origin = 'https://example.com'
const robots = (text: string) => parseRobotsTxt(text, { origin, userAgent: 'AIPlaygroundBot' })
/** The paths a robots.txt lets us fetch, of those asked. */
const allowed = (text: string, paths: string[]) => {
	const rules = robots(text)
	return paths.filter((path) => rules.allows(`${origin}${path}`))
}

test('the longest matching rule wins, and Allow wins a tie (RFC 9309 2.2.2)', () => {
	expect(allowed('User-agent: *\nAllow: /p\nDisallow: /', ['/page', '/', '/x'])).toEqual(['/page'])
	expect(allowed('User-agent: *\nDisallow: /folder\nAllow: /folder', ['/folder/page'])).toEqual(['/folder/page'])
	expect(allowed('User-agent: *\nAllow: /page\nDisallow: /*.htm', ['/page.htm', '/page'])).toEqual(['/page'])
	// No rule matches: allowed.
	expect(allowed('User-agent: *\nDisallow: /private', ['/public', '/privat'])).toEqual(['/public', '/privat'])
	// A rule matches the start of the path, not a part of it.
	expect(allowed('User-agent: *\nDisallow: /private', ['/a/private', '/private2'])).toEqual(['/a/private'])
})

test('`*` is any text and a final `$` ends the path (RFC 9309 2.2.3)', () => {
	const text = 'User-agent: *\nAllow: /$\nDisallow: /\nAllow: /*.html$\nAllow: /docs/*/guide\nAllow: /a$b'
	expect(
		allowed(text, ['/', '/page.htm', '/page.html', '/page.html?x=1', '/docs/v2/guide/setup', '/docs/guide', '/a$b']),
	).toEqual(['/', '/page.html', '/docs/v2/guide/setup', '/a$b'])
	expect(allowed('User-agent: *\nDisallow: /*?', ['/shop?page=2', '/shop'])).toEqual(['/shop'])
	expect(allowed('User-agent: *\nDisallow: *.php$', ['/index.php', '/index.php5', '/php'])).toEqual([
		'/index.php5',
		'/php',
	])
	// Pieces are found in order and do not overlap.
	expect(allowed('User-agent: *\nDisallow: /*ab*ba$', ['/aba', '/abba'])).toEqual(['/aba'])
	expect(allowed('User-agent: *\nDisallow: /***', ['/x'])).toEqual([])
})

test('the group that names our token applies, whatever its case or version, else `*` (RFC 9309 2.2.1)', () => {
	const text = [
		'User-agent: *',
		'Disallow: /',
		'',
		'User-agent: OtherBot',
		'User-agent: aiplaygroundbot/2.0',
		'Disallow: /private',
		'',
		'User-agent: AIPLAYGROUNDBOT',
		'Disallow: /drafts # a later group for us adds its rules',
	].join('\n')
	expect(allowed(text, ['/', '/private/x', '/drafts/y', '/blog'])).toEqual(['/', '/blog'])
	// Only another crawler's group and `*`: `*`.
	expect(allowed('User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /x', ['/', '/x'])).toEqual(['/'])
	// A group for us with an empty rule: everything, even when `*` is refused everything.
	expect(allowed('User-agent: *\nDisallow: /\n\nUser-agent: AIPlaygroundBot\nDisallow:', ['/a'])).toEqual(['/a'])
	// Our token inside a longer name is another crawler.
	expect(allowed('User-agent: AIPlaygroundBotNews\nDisallow: /', ['/a'])).toEqual(['/a'])
	// Rules before any User-agent line, and lines that are not rules, are ignored.
	expect(allowed('Disallow: /a\nUser-agent: *\nnonsense\nDisallow /b\nDisallow: /c', ['/a', '/b', '/c'])).toEqual([
		'/a',
		'/b',
	])
	// CRLF and CR line ends, keys in any case, comments.
	expect(allowed('USER-AGENT: *\r\nDISALLOW: /a\rdisallow: /b#/c\n# Disallow: /d', ['/a', '/b', '/c', '/d'])).toEqual([
		'/c',
		'/d',
	])
	// No robots.txt, or an empty one: everything.
	expect(allowed('', ['/a'])).toEqual(['/a'])
})

test('percent-encoding: a rule and a path compare as URLs spell them', () => {
	const text = 'User-agent: *\nDisallow: /foo/bar/ツ\nDisallow: /caf%c3%a9\nDisallow: /a%2fb\nDisallow: /with space'
	expect(
		allowed(text, [
			'/foo/bar/%E3%83%84',
			'/foo/bar/ツ',
			'/café',
			'/caf%C3%A9',
			'/caf%c3%a9',
			'/a%2Fb',
			'/a%2fb',
			'/a/b',
			'/with%20space',
		]),
	).toEqual(['/a/b'])
	// The query counts; the fragment does not.
	expect(allowed('User-agent: *\nDisallow: /search?q=', ['/search?q=shoes', '/search#q=', '/search'])).toEqual([
		'/search#q=',
		'/search',
	])
})

test('a URL of another origin is not for these rules to judge', () => {
	const rules = robots('User-agent: *\nDisallow: /')
	expect(rules.allows('https://example.com/a')).toBe(false)
	expect(rules.allows('https://example.com:443/a')).toBe(false)
	expect(rules.allows('http://example.com/a')).toBe(true)
	expect(rules.allows('https://www.example.com/a')).toBe(true)
	expect(rules.allows('not a url')).toBe(true)
})

test('Crawl-delay of the group that applies, and every Sitemap line', () => {
	const text = [
		'Sitemap: https://example.com/first.xml',
		'User-agent: *',
		'Crawl-delay: 10',
		'Sitemap: https://example.com/second.xml # in a group, but belongs to none',
		'User-agent: AIPlaygroundBot',
		'Crawl-delay: 2.5',
		'Disallow: /x',
		'Sitemap:',
	].join('\n')
	expect(robots(text).crawlDelaySeconds).toBe(2.5)
	expect(robots(text).sitemaps).toEqual(['https://example.com/first.xml', 'https://example.com/second.xml'])
	expect(robots('User-agent: *\nCrawl-delay: 10').crawlDelaySeconds).toBe(10)
	expect(robots('User-agent: *\nCrawl-delay: soon').crawlDelaySeconds).toBeUndefined()
	expect(robots('User-agent: OtherBot\nCrawl-delay: 10').crawlDelaySeconds).toBeUndefined()
})

test(`bounded: the first ${ROBOTS_MAX_RULES} rules of our group, none longer than a URL`, () => {
	const many = Array.from({ length: ROBOTS_MAX_RULES + 1 }, (_, i) => `Disallow: /page-${i}$`)
	expect(
		allowed(`User-agent: *\n${many.join('\n')}`, [
			'/page-0',
			`/page-${ROBOTS_MAX_RULES - 1}`,
			`/page-${ROBOTS_MAX_RULES}`,
		]),
	).toEqual([`/page-${ROBOTS_MAX_RULES}`])
	// Another crawler's rules do not count against ours.
	expect(allowed(`User-agent: OtherBot\n${many.join('\n')}\nUser-agent: *\nDisallow: /x`, ['/x'])).toEqual([])
	// A rule longer than any URL can match none, and is not kept; one of a URL's length still is.
	const long = `/${'a'.repeat(URL_MAX_CHARS)}`
	const longest = `/${'a'.repeat(URL_MAX_CHARS - 1)}`
	expect(allowed(`User-agent: *\nDisallow: /\nAllow: ${long}$\nAllow: ${longest}$`, [long, longest])).toEqual([longest])
	// Stars side by side are one.
	expect(allowed(`User-agent: *\nDisallow: /${'*'.repeat(100_000)}x`, ['/abcx', '/abc'])).toEqual(['/abc'])
})

test('a hostile 512 KB robots.txt is read and asked about 100 long URLs in well under a second of CPU', () => {
	const text = hostileRobotsTxt()
	expect(text.length).toBeGreaterThan(511 * 1024)
	expect(text.length).toBeLessThanOrEqual(512 * 1024)
	const urls = Array.from({ length: 100 }, (_, i) => `${origin}${hostilePath(1000, String(i))}`)
	// CPU time, not the clock's: a machine busy with other tests does not make it flaky. robots-parser
	// took about a second for each of these URLs (103 s in all); this takes about 3 ms.
	const started = process.cpuUsage()
	const rules = robots(text)
	const answers = urls.map((url) => rules.allows(url))
	const { user, system } = process.cpuUsage(started)
	// Refused by `Disallow: /`, the shortest rule: every long one was tried first.
	expect(answers).toEqual(urls.map(() => false))
	expect((user + system) / 1000).toBeLessThan(1000)
})
