import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { company } from '~/content/company.ts'
import { collectErrors, expectNoSeriousA11yViolations, publicPaths } from './helpers.ts'

test.describe('404 and errors', () => {
	test('an unknown path answers 404 with the spec page and logs the path', async ({ page }) => {
		const errors = collectErrors(page)
		const response = await page.goto('/no/such/page')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible()
		await expect(page.getByText('Oops! Page not found')).toBeVisible()
		await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
		await expect.poll(() => errors.some((e) => e.includes('/no/such/page'))).toBe(true)
		await page.getByRole('link', { name: 'Return to Home' }).click()
		await expect(page).toHaveURL(/\/$/)
	})

	test('an unknown service is a 404 too', async ({ request }) => {
		const response = await request.get('/services/quantum-blockchain')
		expect(response.status()).toBe(404)
		expect(await response.text()).toContain('Oops! Page not found')
	})

	test('a route failure renders "Unexpected Application Error!" with the status', async ({ request }) => {
		// No route on this site accepts a POST to the home page: React Router answers 405.
		const response = await request.post('/', { form: { anything: '1' } })
		expect(response.status()).toBe(405)
		const html = await response.text()
		expect(html).toContain('Unexpected Application Error!')
		expect(html).toContain('405')
	})
})

test.describe('platform', () => {
	test('the server refuses to start with bad settings and names each one', () => {
		const result = spawnSync(process.execPath, ['build/server.js'], {
			env: { ...process.env, NODE_ENV: 'production', PORT: 'eighty', DATABASE_URL: 'mysql://db/app' },
			encoding: 'utf8',
			timeout: 20_000,
		})
		expect(result.status).toBe(1)
		expect(result.stderr).toContain('Invalid environment variables')
		expect(result.stderr).toContain('PORT')
		expect(result.stderr).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL')
	})

	test('healthz checks the database', async ({ request }) => {
		const response = await request.get('/healthz')
		expect(response.status()).toBe(200)
		expect(await response.text()).toBe('OK')
	})

	test('security headers and a nonce-only script policy on every page', async ({ request }) => {
		for (const path of [...publicPaths, '/does-not-exist']) {
			const response = await request.get(path)
			const headers = response.headers()
			expect(headers['x-powered-by'], path).toBeUndefined()
			expect(headers['x-content-type-options']).toBe('nosniff')
			expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
			const csp = headers['content-security-policy']
			const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '))!
			expect(scriptSrc).not.toContain('unsafe-inline')
			const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1]
			expect(nonce, path).toBeTruthy()
			const html = await response.text()
			const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
			expect(scripts.length).toBeGreaterThan(0)
			for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`)
		}
	})

	test('nonces differ per response', async ({ request }) => {
		const a = (await request.get('/')).headers()['content-security-policy']
		const b = (await request.get('/')).headers()['content-security-policy']
		expect(a).not.toBe(b)
	})

	test('cross-site POSTs are refused', async ({ request }) => {
		const response = await request.post('/', {
			headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
			form: { a: '1' },
		})
		expect(response.status()).toBe(403)
	})

	test('static assets are sent pre-compressed (Brotli, else gzip) and cached for a year', async ({ request }) => {
		const html = await (await request.get('/')).text()
		const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]
		const script = /src="(\/assets\/islands[^"]+\.js)"/.exec(html)![1]
		for (const asset of [css, script]) {
			for (const [accept, encoding, extension] of [
				['br, gzip', 'br', 'br'],
				['gzip', 'gzip', 'gz'],
			]) {
				const response = await request.get(asset, { headers: { 'Accept-Encoding': accept } })
				expect(response.headers()['cache-control']).toContain('max-age=31536000')
				expect(response.headers()['cache-control']).toContain('immutable')
				expect(response.headers()['content-encoding'], asset).toBe(encoding)
				expect(response.headers()['content-type'], asset).toMatch(/^(text\/css|text\/javascript)/)
				// The file the build compressed at its best, not one compressed on the fly.
				expect(Number(response.headers()['content-length'])).toBe(statSync(`build/client${asset}.${extension}`).size)
			}
		}
	})
})

test.describe('SEO', () => {
	test('each page has its own title, description, canonical URL and Open Graph tags', async ({ page, baseURL }) => {
		const titles = new Set<string>()
		for (const path of publicPaths) {
			await page.goto(path)
			const title = await page.title()
			expect(title, path).toContain(company.name)
			titles.add(title)
			const description = await page.locator('meta[name="description"]').getAttribute('content')
			expect(description?.length, path).toBeGreaterThan(50)
			await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(path, baseURL).toString())
			await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
			await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description!)
			await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
				'content',
				new URL(path, baseURL).toString(),
			)
		}
		expect(titles.size).toBe(publicPaths.length)
	})

	test('the Open Graph image exists', async ({ page, request }) => {
		await page.goto('/')
		const image = await page.locator('meta[property="og:image"]').getAttribute('content')
		const response = await request.get(new URL(image!).pathname)
		expect(response.status()).toBe(200)
		expect(response.headers()['content-type']).toBe('image/jpeg')
	})

	test('Organization JSON-LD describes the company', async ({ page }) => {
		await page.goto('/')
		const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
		expect(json).toMatchObject({
			'@type': 'Organization',
			name: company.name,
			telephone: company.phone.display,
			address: { addressLocality: 'Greater Noida', addressCountry: 'IN' },
		})
	})

	test('robots.txt and sitemap.xml', async ({ request, baseURL }) => {
		const robots = await (await request.get('/robots.txt')).text()
		expect(robots).toContain('User-agent: *')
		expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
		const sitemap = await request.get('/sitemap.xml')
		expect(sitemap.headers()['content-type']).toContain('application/xml')
		const xml = await sitemap.text()
		for (const path of publicPaths) expect(xml).toContain(`<loc>${new URL(path, baseURL).toString()}</loc>`)
	})
})

test.describe('accessibility (axe-core)', () => {
	for (const path of [...publicPaths, '/missing-page']) {
		test(`no serious violations on ${path}`, async ({ page }) => {
			await page.goto(path)
			await expectNoSeriousA11yViolations(page)
		})
	}

	test('no serious violations with the dialogs and the mobile menu open', async ({ page }) => {
		test.slow() // three axe runs: past 30 s once on the busy CI machine
		await page.goto('/')
		await page.getByRole('button', { name: /AI Chat/ }).click()
		await expect(page.getByRole('dialog')).toBeVisible()
		await expectNoSeriousA11yViolations(page, '[role="dialog"]')
		await page.keyboard.press('Escape')
		await page.getByRole('button', { name: /AI Assistant/ }).click()
		await expect(page.getByRole('dialog')).toBeVisible()
		await expectNoSeriousA11yViolations(page, '[role="dialog"]')
		await page.keyboard.press('Escape')
		await page.setViewportSize({ width: 360, height: 740 })
		await page.locator('header summary').click()
		await expectNoSeriousA11yViolations(page, 'header')
	})
})
