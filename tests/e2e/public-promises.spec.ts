// Issue 30, "the public site keeps its promises", in the browser: no footer link goes nowhere, the
// Privacy Policy, Terms of Service and Cookies pages are real pages that work without JavaScript,
// the widget's lead form and the sign-up form link them, the cookies a sign-in leaves are the ones
// the Cookies page lists, and the spec's three Featured badges read as labels of their cards.
// Every public page, these included, is also checked by public-layout.spec.ts (no overflow from
// 320 px) and platform.spec.ts (axe). docs/decisions/0047-public-site-promises.md
import type { Page } from '@playwright/test'
import { createUser, expect, signInWithForm, sql, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'
import { E2E_EMBED_HOST_PORT } from './ports.ts'

const LEGAL_PAGES = [
	['/privacy', 'Privacy Policy'],
	['/terms', 'Terms of Service'],
	['/cookies', 'Cookies'],
] as const

test('every footer link goes to a page that answers, or to a section that is there', async ({ page, request }) => {
	await page.goto('/')
	const footer = page.locator('footer')
	await expect(footer.locator('a[href="#"], a[href=""]')).toHaveCount(0)
	const hrefs = await footer.locator('a[href^="/"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')!))
	// Services (5), Company (4 of 5: Schedule a Call is the outside booking page), Legal (3).
	expect(hrefs).toHaveLength(12)
	for (const href of new Set(hrefs)) {
		const [pathname, hash] = href.split('#')
		expect((await request.get(pathname!)).status(), href).toBe(200)
		if (hash) {
			await page.goto(href)
			await expect(page.locator(`#${hash}`), href).toBeInViewport()
		}
	}
	await page.goto('/')
	await footer.getByRole('link', { name: 'Privacy Policy' }).click()
	await expect(page).toHaveURL(/\/privacy$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
})

/** The words of a label or a title that name it: lower case, singular, without the small words. */
const namingWords = (text: string) =>
	text
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter((word) => word && !['us', 'of', 'and', 'the', 'a'].includes(word))
		.map((word) => word.replace(/ies$/, 'y').replace(/s$/, ''))

/**
 * What a link lands on is called: the page's h1 with what stands before it (its badge or eyebrow),
 * or for a link to a section, that section's first heading with what stands before it.
 */
async function landedTitle(page: Page, hash: string | undefined) {
	return page.evaluate((hash) => {
		const heading = hash ? document.getElementById(hash)?.querySelector('h1, h2, h3') : document.querySelector('h1')
		if (!heading) return ''
		const parts: string[] = []
		for (let element = heading.parentElement!.firstElementChild; element; element = element.nextElementSibling) {
			parts.push(element.textContent ?? '')
			if (element === heading) break
		}
		return parts.join(' ')
	}, hash)
}

// A first-time user found "Cybersecurity" going to Managed Cloud Services: every footer link now
// lands on a page (or a section of one) whose title names its label, and each home service card's
// "Get Started" on the page of its service.
test('every footer link lands where the title names its label, and every service card on its page', async ({
	page,
}) => {
	await page.goto('/')
	const links = await page
		.locator('footer a[href^="/"]')
		.evaluateAll((all) => all.map((link) => ({ label: link.textContent!.trim(), href: link.getAttribute('href')! })))
	expect(links.length).toBeGreaterThanOrEqual(11)
	for (const { label, href } of links) {
		// No client stories are published: the label leads to the product at work on the home page
		// (ADR 0047) until there are some.
		if (label === 'Case Studies') continue
		await page.goto('/')
		await page.locator('footer').getByRole('link', { name: label, exact: true }).click()
		const [pathname, hash] = href.split('#')
		await expect(page, label).toHaveURL((url) => url.pathname === pathname && url.hash === (hash ? `#${hash}` : ''))
		if (hash) await expect(page.locator(`#${hash}`), label).toBeInViewport()
		const title = await landedTitle(page, hash)
		const named = namingWords(title)
		expect(
			namingWords(label).filter((word) => !named.includes(word)),
			`${label} → ${href}, titled "${title}"`,
		).toEqual([])
	}
	// The home page's service cards: each one's page is titled with the card's name.
	await page.goto('/')
	const names = await page
		.locator('#services')
		.getByRole('link', { name: /^Get Started: / })
		.evaluateAll((all) => all.map((link) => link.getAttribute('aria-label')!.replace('Get Started: ', '')))
	expect(names).toHaveLength(4)
	for (const name of names) {
		await page.goto('/')
		await page.getByRole('link', { name: `Get Started: ${name}`, exact: true }).click()
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		expect(await landedTitle(page, undefined), name).toContain(name)
	}
})

test.describe('legal pages without JavaScript', () => {
	test.use({ javaScriptEnabled: false })
	for (const [path, title] of LEGAL_PAGES) {
		test(`${path}: its heading, its date, and a contents list whose links land on its sections`, async ({ page }) => {
			const response = await page.goto(path)
			expect(response?.status()).toBe(200)
			await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
			await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible()
			const contents = page.getByRole('navigation', { name: 'On this page' }).getByRole('link')
			const hrefs = await contents.evaluateAll((links) => links.map((l) => l.getAttribute('href')!))
			expect(hrefs.length).toBeGreaterThanOrEqual(3)
			for (const href of hrefs) await expect(page.locator(`section${href} h2`), href).toHaveCount(1)
			await contents.last().click()
			await expect(page.locator(hrefs.at(-1)!)).toBeInViewport()
		})
	}
})

test('the legal pages have no serious accessibility problems', async ({ page }) => {
	for (const [path, title] of LEGAL_PAGES) {
		expect((await page.goto(path))?.status(), path).toBe(200)
		await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	}
})

test('the widget’s lead form links the Privacy Policy for chatbot visitors, in a new tab', async ({
	page,
	context,
}) => {
	const { email } = await createUser()
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt, appearance)
		 SELECT id, 'Parcel Pal', 'We deliver in three days.', 'You are helpful.', $2::jsonb FROM users WHERE email = $1
		 RETURNING id`,
		[
			email,
			JSON.stringify({
				leadForm: { mode: 'before', afterMessages: 3, fields: { name: 'optional', email: 'required', phone: 'off' } },
			}),
		],
	)
	await page.goto(`http://127.0.0.1:${E2E_EMBED_HOST_PORT}/?id=${id}`)
	await page.getByRole('button', { name: 'Open chat' }).click()
	const form = page.frameLocator('iframe[title="Chat"]').getByRole('region', { name: 'Leave your details' })
	const link = form.getByRole('link', { name: /Privacy Policy/ })
	await expect(link).toBeVisible()
	await expect(link).toHaveAttribute('target', '_blank')
	const [policy] = await Promise.all([context.waitForEvent('page'), link.click()])
	await expect(policy).toHaveURL(/\/privacy#chatbot-visitors$/)
	await expect(
		policy.getByRole('heading', { level: 2, name: 'If you chat with a chatbot on another website' }),
	).toBeInViewport()
})

test('the sign-up form links the Terms of Service and the Privacy Policy', async ({ page }) => {
	await page.goto('/auth?tab=signup')
	const form = page.getByRole('form', { name: 'Sign Up' })
	await expect(form.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms')
	await expect(form.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy')
})

test('the cookies a sign-in leaves are ones the Cookies page lists', async ({ page, context }) => {
	const { email, password } = await createUser()
	await signInWithForm(page, email, password)
	await expect(page).toHaveURL(/\/playground/)
	const names = (await context.cookies()).map((cookie) => cookie.name)
	expect(names).toEqual(expect.arrayContaining(['session', 'device']))
	await page.goto('/cookies')
	const listed = await page.getByRole('list', { name: 'Cookies' }).getByRole('heading', { level: 3 }).allTextContents()
	expect(names.filter((name) => !listed.includes(name))).toEqual([])
})

test('service cards: each names its category, and the spec’s Featured badges sit beside it on the first three', async ({
	page,
}) => {
	await page.setViewportSize({ width: 1440, height: 900 })
	await page.goto('/')
	const cards = page.locator('#services li:has([data-testid="service-card-labels"])')
	await expect(cards).toHaveCount(4)
	await expect(page.getByTestId('service-card-labels')).toHaveText([
		/^AI solution\s*Featured$/,
		/^AI solution\s*Featured$/,
		/^AI solution\s*Featured$/,
		/^Software$/,
	])
	// One row of cards at 1,440 px: the label rows keep the titles on one line across them.
	const titleTops = await cards.evaluateAll((items) =>
		items.map((item) => Math.round(item.querySelector('h3')!.getBoundingClientRect().top)),
	)
	expect(new Set(titleTops).size).toBe(1)
})
