// Issue 30, "the public site keeps its promises": what the public pages say is held against what
// the product does. The languages the site names are the voice builder's; the Cookies page lists
// exactly the cookies the code sets; the Privacy Policy's retention and link lifetimes are the
// code's; every footer link goes somewhere real; and the product pictures show no test address.
// docs/decisions/0047-public-site-promises.md
import crypto from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { languages } from '~/ai/voice-languages.ts'
import * as about from '~/content/about.ts'
import * as blog from '~/content/blog.ts'
import * as career from '~/content/career.ts'
import * as company from '~/content/company.ts'
import * as footerContent from '~/content/footer.ts'
import * as home from '~/content/home.ts'
import { cookiesPolicy, legalPaths, privacyPolicy, termsOfService } from '~/content/legal.ts'
import * as services from '~/content/services.ts'
import { answerWidgetQuestion } from '~/features/assistant/reply.server.ts'
import { RETENTION_CHOICES } from '~/features/chatbots/conversations/conversation-schema.ts'
import { SESSION_TTL_MS } from '~/lib/session-cookie.server.ts'
import { publicPaths } from '~/lib/sitemap.ts'

const root = path.resolve(import.meta.dirname, '../..')
const { footer } = footerContent

/** Every string in a content module's exports, however deep. */
function stringsOf(value: unknown, out: string[] = []): string[] {
	if (typeof value === 'string') out.push(value)
	else if (Array.isArray(value)) for (const item of value) stringsOf(item, out)
	else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out)
	return out
}

const publicCopy = stringsOf([
	about,
	blog,
	career,
	company,
	footerContent,
	home,
	services,
	privacyPolicy,
	termsOfService,
	cookiesPolicy,
])

/** Languages a page might promise: India's most spoken, and others a visitor might expect. */
const LANGUAGE_NAMES = [
	'Hindi',
	'Bengali',
	'Bangla',
	'Marathi',
	'Telugu',
	'Tamil',
	'Gujarati',
	'Urdu',
	'Kannada',
	'Odia',
	'Malayalam',
	'Punjabi',
	'Assamese',
	'Konkani',
	'Sanskrit',
	'English',
	'Spanish',
	'French',
	'German',
	'Italian',
	'Portuguese',
	'Arabic',
	'Chinese',
	'Mandarin',
	'Japanese',
	'Korean',
	'Russian',
	'Dutch',
	'Turkish',
]

describe('languages', () => {
	const offered = new Set<string>(languages.map((language) => language.name))

	test('the site lists the voice builder’s languages, and names no other', () => {
		expect([...services.voiceLanguages]).toEqual(languages.map((language) => language.name))
		const named = LANGUAGE_NAMES.filter((name) => publicCopy.some((text) => new RegExp(`\\b${name}\\b`).test(text)))
		expect(named.filter((name) => !offered.has(name))).toEqual([])
	})

	test('no promise of "regional languages" or of detecting the caller’s language', () => {
		const vague = publicCopy.filter((text) =>
			/regional languages?|caller[’']s language|their language|language your customer prefers|detects the/i.test(text),
		)
		expect(vague).toEqual([])
	})

	test('the site chat, asked about a language, lists those offered (Hindi among them) and claims no other', async () => {
		for (const question of ['Do your voice assistants speak Hindi?', 'Can your voice agent answer calls in Tamil?']) {
			const reply = await answerWidgetQuestion([{ role: 'user', parts: [{ type: 'text', text: question }] }])
			expect(reply, question).not.toMatch(/Tamil|regional/i)
			for (const name of offered) expect(reply, question).toContain(name)
		}
		expect(offered).toContain('Hindi')
	})
})

/** Source files of the app (not its tests), as text. */
function appSources(dir = path.join(root, 'app')): Array<{ file: string; text: string }> {
	return readdirSync(dir).flatMap((name) => {
		const file = path.join(dir, name)
		if (name === 'generated') return []
		if (statSync(file).isDirectory()) return appSources(file)
		return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [{ file, text: readFileSync(file, 'utf8') }] : []
	})
}

/** The names of the cookies the code creates: createCookie('name') or createCookie(NAME) with NAME = 'name'. */
function cookiesInCode() {
	const names = new Set<string>()
	for (const { text } of appSources()) {
		for (const match of text.matchAll(/createCookie\(\s*(?:'([^']+)'|([A-Z_]+))/g)) {
			const name = match[1] ?? new RegExp(`\\b${match[2]}\\s*=\\s*'([^']+)'`).exec(text)?.[1]
			expect(name, `the cookie named by ${match[2]}`).toBeDefined()
			names.add(name!)
		}
	}
	return names
}

describe('the legal pages describe the code', () => {
	const cookieBlock = cookiesPolicy.sections
		.flatMap((section) => section.blocks)
		.find((b) => typeof b === 'object' && 'cookies' in b)
	const listed = cookieBlock && typeof cookieBlock === 'object' && 'cookies' in cookieBlock ? cookieBlock.cookies : []

	test('the Cookies page lists exactly the cookies the app sets', () => {
		const inCode = cookiesInCode()
		expect(inCode.size).toBeGreaterThanOrEqual(4)
		expect(listed.map((cookie) => cookie.name).sort()).toEqual([...inCode].sort())
	})

	test('the session cookie’s lifetime is the code’s', () => {
		const days = SESSION_TTL_MS / 86_400_000
		expect(listed.find((cookie) => cookie.name === 'session')?.lifetime).toMatch(new RegExp(`^${days} days`))
	})

	test('the Privacy Policy gives the retention choices and the default the code has', () => {
		const text = stringsOf(privacyPolicy).join('\n')
		const choices = [...RETENTION_CHOICES]
		expect(text).toContain(`${choices.slice(0, -1).join(', ')} or ${choices.at(-1)} days`)
		const schema = readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8')
		const fallback = /retentionDays\s+Int\s+@default\((\d+)\)/.exec(schema)?.[1]
		expect(text).toContain(`${fallback} unless it chose otherwise`)
	})

	test('each legal page has sections with unique anchors, and the lead form’s anchor exists', () => {
		for (const doc of [privacyPolicy, termsOfService, cookiesPolicy]) {
			const ids = doc.sections.map((section) => section.id)
			expect(new Set(ids).size, doc.path).toBe(ids.length)
			expect(ids.length, doc.path).toBeGreaterThanOrEqual(3)
		}
		expect(privacyPolicy.sections.map((section) => section.id)).toContain('chatbot-visitors')
	})
})

describe('the footer', () => {
	const links = [...footer.serviceAreas, ...footer.companyLinks, ...footer.legalLinks]

	test('every link goes to a page of the site, a section of one, or the scheduling page', () => {
		const paths = new Set(publicPaths())
		const nowhere = links.filter((link) => {
			if (link.href === company.company.externalLinks.scheduling) return false
			const [pathname, hash] = link.href.split('#')
			if (!pathname || !paths.has(pathname)) return true
			// Section links: the home page's services and product tour, a service page's feature.
			const sections: Record<string, string[]> = {
				'/': [services.servicesSection.id, home.productTour.id],
				...Object.fromEntries(
					services.services.map(({ slug, page }) => [
						`/services/${slug}`,
						page.features.flatMap((feature) => (feature.id ? [feature.id] : [])),
					]),
				),
			}
			return hash !== undefined && !sections[pathname]?.includes(hash)
		})
		expect(nowhere).toEqual([])
	})

	test('the spec’s labels are all there', () => {
		expect(links.map((link) => link.label)).toEqual([
			'Custom Software',
			'AI Solutions',
			'Mobile App Development',
			'Cloud Services',
			'Cybersecurity',
			'About Us',
			'Case Studies',
			'Careers',
			'Blog',
			'Schedule a Call',
			'Privacy Policy',
			'Terms of Service',
			'Cookies',
		])
		expect(footer.legalLinks.map((link) => link.href)).toEqual([
			legalPaths.privacy,
			legalPaths.terms,
			legalPaths.cookies,
		])
	})
})

describe('the product pictures', () => {
	const TEST_ADDRESS = /localhost|127\.\d+\.\d+\.\d+|\[::1\]|:\d+(?:\/|$)/i

	test('each picture is the one recorded when it was taken, and shows only production-looking addresses', () => {
		const record = JSON.parse(readFileSync(path.join(root, 'scripts/product-shots.json'), 'utf8')) as {
			shopOrigin: string
			shots: Array<{ file: string; sha256: string; addresses: string[] }>
		}
		expect(record.shopOrigin).toMatch(/^https:\/\/[a-z0-9.-]+$/)
		expect(record.shopOrigin).not.toMatch(TEST_ADDRESS)
		for (const step of home.productTour.steps) {
			const shot = record.shots.find((s) => `/product/${s.file}` === step.image)
			expect(shot, step.image).toBeDefined()
			const bytes = readFileSync(path.join(root, 'public', step.image))
			expect(crypto.createHash('sha256').update(bytes).digest('hex'), step.image).toBe(shot!.sha256)
			for (const address of shot!.addresses) {
				expect(address, step.image).toMatch(/^https:\/\//)
				expect(address, step.image).not.toMatch(TEST_ADDRESS)
			}
			expect(step.alt).not.toMatch(TEST_ADDRESS)
		}
		// The conversation picture shows the page it came from: the shop's address.
		expect(record.shots.find((s) => s.file === 'activity.jpg')?.addresses).toContain(`${record.shopOrigin}/`)
	})
})
