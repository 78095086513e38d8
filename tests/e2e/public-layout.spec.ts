// The public site at six widths: nothing scrolls sideways, and the floating chat button covers no
// link, button or field, on first view or at the end of a page (where the visitor cannot scroll
// further to uncover it). One test per width, so each has its own time budget on the busy CI machine.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { publicPaths } from './helpers.ts'

const PAGES = [...publicPaths, '/auth', '/auth?tab=signup', '/auth/forgot-password', '/chat', '/no-such-page']

/** Visible controls under the launcher's box, named for the failure message. */
function controlsUnderLauncher(page: Page) {
	return page.evaluate(() => {
		const launcher = [...document.querySelectorAll<HTMLElement>('a, button')].find(
			(element) => getComputedStyle(element).position === 'fixed' && /Chat with us/.test(element.textContent ?? ''),
		)
		if (!launcher) return []
		const box = launcher.getBoundingClientRect()
		const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')
		return [...controls]
			.filter((control) => control !== launcher && !launcher.contains(control))
			.filter((control) => {
				const style = getComputedStyle(control)
				if (style.visibility === 'hidden' || style.display === 'none') return false
				const rect = control.getBoundingClientRect()
				if (rect.width === 0 || rect.height === 0) return false
				if (control.closest('.sr-only')) return false
				return rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top
			})
			.map((control) => `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40)}"`)
	})
}

for (const width of [320, 360, 768, 1024, 1440, 1920]) {
	test(`public pages at ${width} px: no sideways scroll, nothing under the chat button`, async ({ page }) => {
		test.slow()
		await page.setViewportSize({ width, height: width < 768 ? 740 : 900 })
		for (const path of PAGES) {
			await page.goto(path)
			await page.waitForLoadState('load')
			const sizes = await page.evaluate(() => ({
				scrollWidth: document.documentElement.scrollWidth,
				innerWidth: window.innerWidth,
			}))
			expect(sizes.scrollWidth, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(sizes.innerWidth)
			expect(await controlsUnderLauncher(page), `${path} at ${width} px, first view`).toEqual([])
			// At once: the site scrolls smoothly, and a test that waits for the animation waits on every page.
			await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
			await expect
				.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight)))
				.toBeGreaterThanOrEqual(await page.evaluate(() => document.documentElement.scrollHeight - 1))
			expect(await controlsUnderLauncher(page), `${path} at ${width} px, end of page`).toEqual([])
		}
	})
}
