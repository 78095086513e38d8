// robots.txt as RFC 9309 reads it, for one crawler: the group that names our token (else `*`), the
// longest matching rule wins and Allow wins a tie, `*` is any text and a final `$` ends the path,
// and Crawl-delay and Sitemap lines. The same reading as the robots-parser package it replaces, down
// to its percent-encoding and user-agent quirks, but bounded: a crawl asks it about every URL it
// finds, on the web process's event loop, and robots-parser's matcher cost each rule's length times
// the path's, for every rule of the file. A hostile 512 KB file of `Disallow: /*aaaa…b` took 1.5 s
// per URL. Here the file is read once, only the group that applies is kept, at most
// ROBOTS_MAX_RULES of its rules, and each rule is matched by the owner patterns' star matcher, whose
// cost is the rule's length plus the path's (ADR 0024).
import { matchesStarPieces, URL_MAX_CHARS } from './site-rules.ts'

/**
 * The rules kept of the group that applies to us, in the file's order: a check costs at most this
 * many rule matches. Google's parser is bounded by the file's size (500 KiB) instead; a real site's
 * group has a few dozen rules, and the biggest have some hundreds.
 */
export const ROBOTS_MAX_RULES = 1000

type Rule = {
	/** The rule's text between its stars, ending with an empty piece when it is not anchored by `$`. */
	pieces: string[]
	/** Its characters other than stars and the final `$`: a path shorter than this cannot match. */
	literal: number
	/** Its length as written (normalised): the longest matching rule decides. */
	length: number
	allow: boolean
}

type Group = { rules: Rule[]; crawlDelay?: number }

export type RobotsRules = {
	/** Whether the rules let us fetch a URL. A URL of another origin is not theirs to judge: allowed. */
	allows(url: string): boolean
	/** The Crawl-delay, in seconds, of the group that applies to us, if it gives one. */
	crawlDelaySeconds: number | undefined
	/** Every Sitemap line's address, in order (they belong to no group). */
	sitemaps: string[]
}

/** `%2a` and `%2A` are one character: escapes compare in upper case. */
const upperEscapes = (text: string) => text.replace(/%[\da-f]{2}/gi, (escape) => escape.toUpperCase())

/** A rule's path as a URL spells it: other characters percent-encoded, existing escapes kept. */
function normalisedEncoding(pattern: string) {
	try {
		return upperEscapes(encodeURI(pattern).replaceAll('%25', '%'))
	} catch {
		// A lone surrogate: encodeURI refuses it, and the rule stays as written.
		return pattern
	}
}

/** `Googlebot/2.1` and `googlebot` are one user agent. */
function productToken(userAgent: string) {
	const lower = userAgent.toLowerCase()
	const slash = lower.indexOf('/')
	return (slash < 0 ? lower : lower.slice(0, slash)).trim()
}

function ruleOf(value: string, allow: boolean): Rule | null {
	const pattern = normalisedEncoding(value)
	const anchored = pattern.endsWith('$')
	const split = (anchored ? pattern.slice(0, -1) : pattern).split('*')
	// Not anchored, a rule matches the start of a path: as if it ended with a star.
	if (!anchored) split.push('')
	// Stars side by side are one star: a rule of a million stars is two pieces, not a million.
	const pieces = split.filter((piece, i) => piece !== '' || i === 0 || i === split.length - 1)
	const literal = pieces.reduce((sum, piece) => sum + piece.length, 0)
	// Longer than any URL we visit (normalizePageUrl): it can never match, so it is not kept.
	if (literal > URL_MAX_CHARS) return null
	return { pieces, literal, length: pattern.length, allow }
}

/**
 * Reads a robots.txt for the crawler named `userAgent`, served at `origin`, in one pass over its
 * lines. Lines before any User-agent, groups for other crawlers, and rules past ROBOTS_MAX_RULES are
 * dropped as they are read; so is a rule longer than any URL.
 */
export function parseRobotsTxt(text: string, { origin, userAgent }: { origin: string; userAgent: string }) {
	const ourToken = productToken(userAgent)
	const groups: { ours?: Group; any?: Group } = {}
	// Which groups the current User-agent lines name; consecutive User-agent lines make one group.
	let current = { ours: false, any: false }
	let inUserAgents = false
	const sitemaps: string[] = []
	const groupsOfLine = () =>
		(['ours', 'any'] as const).filter((name) => current[name]).map((name) => (groups[name] ??= { rules: [] }))

	for (const raw of text.split(/\r\n|\r|\n/)) {
		const hash = raw.indexOf('#')
		const line = hash < 0 ? raw : raw.slice(0, hash)
		const colon = line.indexOf(':')
		if (colon < 0) continue
		const key = line.slice(0, colon).trim().toLowerCase()
		const value = line.slice(colon + 1).trim()
		if (!key) continue
		if (key === 'user-agent') {
			if (!inUserAgents) current = { ours: false, any: false }
			if (value) {
				const token = productToken(value)
				if (token === ourToken) current.ours = true
				if (token === '*') current.any = true
			}
		} else if (key === 'allow' || key === 'disallow') {
			// An empty rule still makes the group exist: `Disallow:` for us means we may fetch anything.
			const rule = value ? ruleOf(value, key === 'allow') : null
			for (const group of groupsOfLine()) if (rule && group.rules.length < ROBOTS_MAX_RULES) group.rules.push(rule)
		} else if (key === 'crawl-delay') {
			const delay = Number(value)
			for (const group of groupsOfLine()) group.crawlDelay = Number.isNaN(delay) ? group.crawlDelay : delay
		} else if (key === 'sitemap' && value) {
			sitemaps.push(value)
		}
		inUserAgents = key === 'user-agent'
	}

	const group = groups.ours ?? groups.any ?? { rules: [] }
	// Longest first, Allow first among equals: the first rule that matches decides.
	const rules = group.rules.sort((a, b) => b.length - a.length || Number(b.allow) - Number(a.allow))
	const robotsOrigin = new URL(origin).origin
	return {
		allows(url: string) {
			let parsed: URL
			try {
				parsed = new URL(url)
			} catch {
				return true
			}
			if (parsed.origin !== robotsOrigin) return true
			const path = upperEscapes(parsed.pathname + parsed.search)
			for (const rule of rules) {
				if (rule.literal <= path.length && matchesStarPieces(rule.pieces, path)) return rule.allow
			}
			return true
		},
		crawlDelaySeconds: group.crawlDelay,
		sitemaps,
	} satisfies RobotsRules
}
