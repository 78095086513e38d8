// `npm run bench:lighthouse`: Lighthouse (mobile and desktop presets) on every public page of the
// production build, in Debian's Chromium (CHROMIUM_PATH). Goal: 98+ in every category, CLS 0.
// The sitemap's pages, /auth (public, but not in the sitemap), and a chatbot's page signed in as its
// owner (issue 30: 90+ performance and 100 accessibility on mobile). LIGHTHOUSE_PATHS=/,/career runs
// only those ("chatbot" names the chatbot's page).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { publicPaths } from '~/lib/sitemap.ts'
import { startApp } from './start-app.ts'

const chromePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const SESSION_SECRET = 'lighthouse-session-secret-0123456789abcdef012345'
const app = await startApp({ SESSION_SECRET })
process.env.SESSION_SECRET = SESSION_SECRET
process.env.DATABASE_URL = app.databaseUrl

/** A signed-in owner's chatbot on a small shop's knowledge, indexed: its page is measured as they see it. */
async function ownersChatbot() {
	const { sessionCookieFor } = await import('../../tests/support/session-cookie.ts')
	const { prisma } = await import('~/lib/db.server.ts')
	const cookie = await sessionCookieFor('owner@lighthouse.example')
	const form = new URLSearchParams({
		intent: 'create',
		name: 'Kavya Helper',
		knowledgeBase:
			'Delivery\n\nWe deliver across India in three to five working days.\n\nReturns\n\nItems can come back within 30 days.',
		systemPrompt: '',
	})
	const created = await fetch(`${app.origin}/playground?index`, {
		method: 'POST',
		body: form,
		headers: { Cookie: cookie, Origin: app.origin },
		redirect: 'manual',
	})
	const path = new URL(created.headers.get('location') ?? '', app.origin).pathname
	if (!/^\/playground\/chatbots\/[0-9a-f-]{36}$/.test(path))
		throw new Error(`Creating the chatbot answered ${created.status} ${path}`)
	await prisma.$disconnect()
	return { path, cookie }
}
const signedIn = await ownersChatbot()
const chrome = await chromeLauncher.launch({
	chromePath,
	chromeFlags: [
		'--headless=new',
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
	],
})
const GOAL = 98
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const rows: string[] = []
let below = 0
let shifts = 0
try {
	for (const preset of ['mobile', 'desktop'] as const) {
		for (const path of [...publicPaths(), '/auth', 'chatbot'].filter(
			(p) => !process.env.LIGHTHOUSE_PATHS || process.env.LIGHTHOUSE_PATHS.split(',').includes(p),
		)) {
			const owner = path === 'chatbot'
			const run = () =>
				lighthouse(
					`${app.origin}${owner ? signedIn.path : path}`,
					{
						port: chrome.port,
						output: 'json',
						logLevel: 'error',
						onlyCategories: [...categories],
						...(owner ? { extraHeaders: { Cookie: signedIn.cookie } } : {}),
					},
					preset === 'desktop' ? desktopConfig : undefined,
				)
			let result = await run()
			// A run can fail on its own (a protocol timeout); one retry tells that from a real problem.
			if (result?.lhr.runtimeError) {
				console.warn(`${preset} ${path}: ${result.lhr.runtimeError.code}, retrying`)
				result = await run()
			}
			if (!result || result.lhr.runtimeError)
				throw new Error(`Lighthouse failed on ${path}: ${result?.lhr.runtimeError?.message}`)
			for (const category of categories) {
				for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
					const audit = result.lhr.audits[ref.id]
					if (ref.weight > 0 && audit.score !== null && audit.score < 1 && category !== 'performance') {
						console.warn(`${preset} ${path}: ${category} / ${audit.id}: ${audit.title}`)
						// What the audit found, so a failure can be acted on without opening a report.
						const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? []
						for (const item of items.slice(0, 3)) console.warn(`  ${JSON.stringify(item).slice(0, 400)}`)
					}
				}
			}
			// LIGHTHOUSE_REPORT_DIR keeps each full report, to see what the figures are made of.
			if (process.env.LIGHTHOUSE_REPORT_DIR)
				writeFileSync(
					`${process.env.LIGHTHOUSE_REPORT_DIR}/${preset}-${path.replace(/\W+/g, '_') || 'home'}.json`,
					JSON.stringify(result.lhr),
				)
			const scores = categories.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100))
			below += scores.filter((s) => s < GOAL).length
			const audits = result.lhr.audits
			// Shown as 0 (under 0.0005): what the goal means.
			const shifted = audits['cumulative-layout-shift'].displayValue !== '0'
			if (shifted) shifts++
			rows.push(
				`${preset.padEnd(7)} ${path.padEnd(40)} ${scores.map((s) => String(s).padStart(3)).join('  ')}   FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, TBT ${audits['total-blocking-time'].displayValue}, CLS ${audits['cumulative-layout-shift'].displayValue}`,
			)
		}
	}
} finally {
	await chrome.kill()
	await app.stop()
}
const { version } = JSON.parse(readFileSync(new URL(import.meta.resolve('lighthouse/package.json')), 'utf8'))
console.log(`\nLighthouse ${version}: performance, accessibility, best practices, SEO`)
for (const row of rows) console.log(row)
console.log(below === 0 ? `Every score is ${GOAL} or more.` : `${below} score(s) below ${GOAL}.`)
console.log(shifts === 0 ? 'No layout shift on any page.' : `${shifts} run(s) with a layout shift (goal: CLS 0).`)
