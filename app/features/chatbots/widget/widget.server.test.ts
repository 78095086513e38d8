import { expect, test } from 'vitest'
import { checkEmbedToken, embedPageAccess, frameAncestors, issueEmbedToken } from './widget.server.ts'

const chatbot = { id: '3f1c2b9a-4d5e-4f60-8a7b-9c0d1e2f3a4b', allowedSites: ['www.acme.in'] }
const page = (headers: Record<string, string>) => new Request('http://localhost/embed/x', { headers })

test('the embed page: anywhere with no allowed sites; otherwise only framed by an allowed site', () => {
	expect(embedPageAccess(page({ 'sec-fetch-dest': 'document' }), [])).toMatchObject({ allowed: true })
	const framed = { 'sec-fetch-dest': 'iframe', referer: 'https://www.acme.in/' }
	expect(embedPageAccess(page(framed), chatbot.allowedSites)).toEqual({
		allowed: true,
		parentOrigin: 'https://www.acme.in',
	})
	expect(embedPageAccess(page({ ...framed, 'sec-fetch-dest': 'document' }), chatbot.allowedSites)).toMatchObject({
		allowed: false,
	})
	expect(embedPageAccess(page({ ...framed, referer: 'https://evil.example/' }), chatbot.allowedSites)).toMatchObject({
		allowed: false,
	})
	expect(embedPageAccess(page({ 'sec-fetch-dest': 'iframe' }), chatbot.allowedSites)).toMatchObject({ allowed: false })
	expect(frameAncestors([])).toBe('*')
	// A site without a port is allowed on any port: CSP's "host" alone would mean its default port.
	expect(frameAncestors(['*.acme.in', 'localhost:3000', '127.0.0.1'])).toBe(
		'https://*.acme.in:* http://*.acme.in:* https://localhost:3000 http://localhost:3000 https://127.0.0.1:* http://127.0.0.1:*',
	)
	expect(embedPageAccess(page({ ...framed, referer: 'http://127.0.0.1:3975/shop' }), ['127.0.0.1'])).toEqual({
		allowed: true,
		parentOrigin: 'http://127.0.0.1:3975',
	})
})

test('embed tokens: bound to the chatbot and the framing site, signed, and short-lived', () => {
	const now = Date.now()
	const token = issueEmbedToken(chatbot.id, 'https://www.acme.in', now)
	expect(checkEmbedToken(token, chatbot, now)).toBeNull()
	expect(checkEmbedToken(null, chatbot, now)).toBe('no token')
	expect(checkEmbedToken(token, { ...chatbot, id: crypto.randomUUID() }, now)).toBe("another chatbot's token")
	expect(checkEmbedToken(token, chatbot, now + 13 * 60 * 60 * 1000)).toBe('an expired token')
	// The owner removed the site since: its tokens stop working.
	expect(checkEmbedToken(token, { ...chatbot, allowedSites: ['shop.acme.in'] }, now)).toMatch(/not allowed/)
	// A token made up by someone else, or for another site with this signature, is forged.
	const [id, , expires, signature] = token.split('.')
	const otherSite = Buffer.from('https://evil.example').toString('base64url')
	expect(checkEmbedToken([id, otherSite, expires, signature].join('.'), chatbot, now)).toBe('a forged token')
	expect(checkEmbedToken([id, otherSite, String(now * 2), 'x'.repeat(43)].join('.'), chatbot, now)).toBe(
		'a forged token',
	)
	expect(checkEmbedToken('a.b.c', chatbot, now)).toBe('a malformed token')
})

test('the embed page loading itself again (its no-JavaScript form) knows the site from its signed token, and only then', () => {
	const token = issueEmbedToken(chatbot.id, 'https://www.acme.in')
	const again = (url: string, referer: string) =>
		new Request(url, { headers: { 'sec-fetch-dest': 'iframe', referer, host: 'localhost' } })
	const own = `http://localhost/embed/${chatbot.id}?token=x`
	expect(
		embedPageAccess(
			again(`http://localhost/embed/${chatbot.id}?token=${token}`, own),
			chatbot.allowedSites,
			chatbot.id,
		),
	).toEqual({ allowed: true, parentOrigin: 'https://www.acme.in' })
	// A forged token, or another chatbot's, names no site: refused, and our own site is not the one
	// noted as refused (the owner was shown it as a site to allow: attacker trial).
	const forged = `${token.slice(0, -4)}AAAA`
	const refused = embedPageAccess(
		again(`http://localhost/embed/${chatbot.id}?token=${forged}`, own),
		chatbot.allowedSites,
		chatbot.id,
	)
	expect(refused).toMatchObject({ allowed: false })
	expect(refused).not.toHaveProperty('framedBy')
	// Behind a proxy that rewrites Host, our own address is the forwarded one the request's URL holds.
	expect(
		embedPageAccess(
			new Request(`https://chat.example/embed/${chatbot.id}?token=${token}`, {
				headers: { 'sec-fetch-dest': 'iframe', referer: `https://chat.example/embed/${chatbot.id}`, host: 'app:3000' },
			}),
			chatbot.allowedSites,
			chatbot.id,
		),
	).toEqual({ allowed: true, parentOrigin: 'https://www.acme.in' })
	// Framed by another site, a carried token is not believed over the Referer.
	expect(
		embedPageAccess(
			again(`http://localhost/embed/${chatbot.id}?token=${token}`, 'https://evil.example/'),
			chatbot.allowedSites,
			chatbot.id,
		),
	).toMatchObject({ allowed: false })
})
