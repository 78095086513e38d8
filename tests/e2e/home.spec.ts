import { expect, test } from '@playwright/test'
import { company } from '~/content/company.ts'
import { collectErrors, expectIslandLive, freezeClock, recordCspViolations } from './helpers.ts'

test.describe('home page with JavaScript', () => {
	test('renders without console errors or CSP violations', async ({ page }) => {
		const errors = collectErrors(page)
		await page.goto('/')
		await expect(page.getByRole('heading', { level: 1, name: 'Empower your business with AI' })).toBeVisible()
		await page.mouse.wheel(0, 3000)
		await page.waitForLoadState('networkidle')
		expect(errors).toEqual([])
	})

	test('navigation bar is transparent at 10 px of scroll or less and opaque above', async ({ page }) => {
		await page.goto('/')
		const header = page.locator('header').first()
		await expect(header).toHaveAttribute('data-scrolled', 'false')
		// The scroll handler has run by the next animation frame.
		await page.evaluate(() => {
			window.scrollTo({ top: 10, behavior: 'instant' })
			return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
		})
		await expect(header).toHaveAttribute('data-scrolled', 'false')
		await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }))
		await expect(header).toHaveAttribute('data-scrolled', 'true')
		const background = await header.evaluate((el) => getComputedStyle(el).backgroundColor)
		expect(background).not.toBe('rgba(0, 0, 0, 0)')
		await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none')
		await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
		await expect(header).toHaveAttribute('data-scrolled', 'false')
		await expect.poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)')
	})

	test('Services and Contact scroll smoothly in place; Home scrolls back to the top', async ({ page }) => {
		await page.goto('/')
		const nav = page.getByRole('navigation', { name: 'Main' })
		// Before the header is live its links are plain anchors to the same sections; it wakes when
		// the page scrolls or the pointer reaches it.
		await nav.hover()
		await expectIslandLive(page, 'site-header')
		await nav.getByRole('link', { name: 'Services' }).click()
		await expect(page.locator('#services')).toBeInViewport()
		expect(page.url()).toMatch(/\/$/) // scrolled in place, no navigation
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)

		await nav.getByRole('link', { name: 'Contact' }).click()
		await expect(page.locator('footer#contact')).toBeInViewport()

		await nav.getByRole('link', { name: 'Home', exact: true }).click()
		await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
	})

	test('Career and Playground are full page navigations', async ({ page }) => {
		await page.goto('/')
		const nav = page.getByRole('navigation', { name: 'Main' })
		await nav.getByRole('link', { name: 'Career' }).click()
		await expect(page).toHaveURL(/\/career$/)
		await expect(page.getByRole('heading', { level: 1, name: '3-Month AI Internship Program' })).toBeVisible()
		const playground = nav.getByRole('link', { name: 'Playground' })
		await expect(playground).toHaveAttribute('href', '/auth')
		// From another page, Services goes to the home page's services section.
		await nav.getByRole('link', { name: 'Services' }).click()
		await expect(page).toHaveURL(/\/#services$/)
		await expect(page.locator('#services')).toBeInViewport()
	})

	test('Free Consultation opens the scheduling page in a new tab', async ({ page }) => {
		await page.goto('/')
		const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Free Consultation/ })
		await expect(link).toHaveAttribute('href', company.externalLinks.scheduling)
		await expect(link).toHaveAttribute('target', '_blank')
		await expect(link).toHaveAttribute('rel', /noopener/)
	})

	test('hero: Custom Development selected first, typing example prompts', async ({ page }) => {
		await freezeClock(page)
		await page.goto('/')
		// The server's HTML shows the first prompt whole; the hero wakes (here, on hover) and types.
		await expect(page.getByTestId('typewriter-text')).toHaveText(
			'Build a GST-ready invoicing portal for my distribution business',
		)
		await page.getByRole('heading', { level: 1 }).hover()
		await expectIslandLive(page, 'hero')
		await expect(page.getByRole('button', { name: /Custom Development/ })).toHaveAttribute('aria-pressed', 'true')
		await expect(page.getByRole('button', { name: /AI Chat/ })).toHaveAttribute('aria-pressed', 'false')
		const text = page.getByTestId('typewriter-text')
		await expect(text).toHaveText('')
		await page.clock.runFor(100)
		await expect(text).toHaveText('B')
		await page.clock.runFor(400)
		await expect(text).toHaveText('Build')
		await expect(page.getByTestId('typewriter-cursor')).toBeVisible()
	})

	test("hero: the ask bar opens the chat with the visitor's question, or with the prompt on show", async ({ page }) => {
		await page.goto('/')
		const ask = page.getByRole('textbox', { name: 'Describe what you want to build, and ask Riya' })
		// Typed before the hero is live, and kept when it comes alive.
		await ask.fill('When is the workshop?')
		await expectIslandLive(page, 'hero')
		await expect(ask).toHaveValue('When is the workshop?')
		await ask.press('Enter')
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await expect(dialog.locator('[data-role="user"]')).toHaveText(/When is the workshop\?/)
		await expect(dialog.locator('[data-role="assistant"]').last()).toContainText('Saturday, 7-8 PM IST')
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(ask).toHaveValue('')

		// Empty: the example prompt on show is what is asked.
		await page.getByRole('button', { name: 'Ask Riya' }).click()
		await expect(dialog.locator('[data-role="user"]').last()).toHaveText(
			/Build a GST-ready invoicing portal for my distribution business/,
		)
	})

	test('the page runs inside its Content-Security-Policy (nothing it loads tries eval)', async ({ page }) => {
		const violations = await recordCspViolations(page)
		await page.goto('/')
		await page.getByRole('textbox', { name: 'Describe what you want to build, and ask Riya' }).fill('Hello')
		await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
		await page.waitForLoadState('networkidle')
		expect(await violations()).toEqual([])
	})

	test('the floating chat button stays away while the hero (itself a way into the chat) is on screen', async ({
		page,
	}) => {
		await page.setViewportSize({ width: 360, height: 740 })
		await page.goto('/')
		const launcher = page.getByRole('button', { name: 'Chat with us' })
		await expect(page.getByRole('button', { name: 'Ask Riya' })).toBeVisible()
		await expect(launcher).toHaveCount(0)
		await page.locator('#services').scrollIntoViewIfNeeded()
		await expect(launcher).toBeVisible()
		await page.evaluate(() => window.scrollTo(0, 0))
		await expect(launcher).toHaveCount(0)
	})

	test('hero: AI Chat opens the chat dialog with the greeting; focus is trapped and restored', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 900 }) // 700 px tall when the screen allows it
		await page.goto('/')
		const card = page.getByRole('button', { name: /AI Chat/ })
		await card.click()
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await expect(dialog).toBeVisible()
		await expect(dialog).toContainText("I'm Riya")
		expect((await dialog.boundingBox())?.height).toBe(700)
		for (let i = 0; i < 5; i++) {
			await page.keyboard.press('Tab')
			expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
		}
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(card).toBeFocused()
		await expect(card).toHaveAttribute('aria-pressed', 'true')
	})

	test('hero: AI Assistant opens the placeholder voice dialog, connecting then connected after 1 s', async ({
		page,
	}) => {
		await freezeClock(page)
		await page.goto('/')
		await page.getByRole('button', { name: /AI Assistant/ }).click()
		const dialog = page.getByRole('dialog', { name: 'Voicebot Solution (Placeholder)' })
		await expect(dialog).toBeVisible()
		const status = dialog.getByRole('status')
		await expect(status).toHaveText('Connecting...')
		await page.clock.runFor(900)
		await expect(status).toHaveText('Connecting...')
		await page.clock.runFor(200)
		await expect(status).toHaveText('Connected')
		await expect(dialog).toContainText(`You've reached the ${company.name} demo line`)
	})

	test('AI agents: rotates every 4 s, clicking selects, pauses on focus, off for reduced motion', async ({ page }) => {
		await freezeClock(page)
		await page.goto('/')
		// CSS smooth scrolling would still be moving the page when Playwright clicks a flow.
		await page.evaluate(() => (document.documentElement.style.scrollBehavior = 'auto'))
		const flows = page.getByTestId('agent-flows')
		// The section wakes as it comes into view.
		await flows.scrollIntoViewIfNeeded()
		await expectIslandLive(page, 'agents-section')
		const panel = page.getByTestId('agent-flow-panel')
		await expect(panel).toHaveAttribute('data-flow', 'Inbound Call Handling')
		await expect(flows).toHaveAttribute('data-rotating', 'true')
		await page.clock.runFor(3900)
		await expect(panel).toHaveAttribute('data-flow', 'Inbound Call Handling')
		await page.clock.runFor(200)
		await expect(panel).toHaveAttribute('data-flow', 'Inventory Management')
		await expect(panel).toHaveCSS('animation-duration', '0.5s')

		const crm = page.getByRole('button', { name: /CRM Updates/ })
		await crm.click()
		await expect(panel).toHaveAttribute('data-flow', 'CRM Updates')
		await expect(crm).toHaveAttribute('aria-pressed', 'true')
		await expect(panel.getByRole('listitem')).toHaveCount(4)

		// Keyboard focus (and the pointer) in the section pause the rotation.
		await page.mouse.move(0, 0)
		await expect(crm).toBeFocused()
		await expect(flows).toHaveAttribute('data-rotating', 'false')
		await page.clock.runFor(8000)
		await expect(panel).toHaveAttribute('data-flow', 'CRM Updates')

		await crm.blur()
		await expect(flows).toHaveAttribute('data-rotating', 'true')
		await page.clock.runFor(4000)
		await expect(panel).toHaveAttribute('data-flow', 'Inbound Call Handling')

		await page.emulateMedia({ reducedMotion: 'reduce' })
		await expect(flows).toHaveAttribute('data-rotating', 'false')
		await page.clock.runFor(12_000)
		await expect(panel).toHaveAttribute('data-flow', 'Inbound Call Handling')
	})
})

test.describe('mobile menu', () => {
	test.use({ viewport: { width: 360, height: 740 } })

	test('the toggle opens the entries; choosing one closes the menu', async ({ page }) => {
		await page.goto('/')
		const summary = page.locator('header summary')
		await expect(summary).toBeVisible()
		await expect(summary).toHaveAccessibleName('Menu')
		const details = page.locator('header details')
		await expect(details).not.toHaveAttribute('open')
		await summary.click()
		await expect(details).toHaveAttribute('open')
		const menuLinks = details.getByRole('link')
		await expect(menuLinks.filter({ hasText: 'Services' })).toBeVisible()
		await expect(details.getByRole('link', { name: /Free Consultation/ })).toBeVisible()
		await details.getByRole('link', { name: 'Services' }).click()
		await expect(details).not.toHaveAttribute('open')
		await expect(page.locator('#services')).toBeInViewport()
	})

	test('keyboard: Enter opens the menu', async ({ page }) => {
		await page.goto('/')
		await page.locator('header summary').focus()
		await page.keyboard.press('Enter')
		await expect(page.locator('header details')).toHaveAttribute('open')
	})
})
