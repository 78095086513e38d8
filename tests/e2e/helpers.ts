import AxeBuilder from '@axe-core/playwright'
import { expect, type BrowserType, type LaunchOptions, type Locator, type Page } from '@playwright/test'

/** Fake timers that move only when the test calls page.clock.runFor(). */
export async function freezeClock(page: Page, time: Date = new Date('2026-11-18T10:00:00+05:30')) {
	// install() lets time flow; start a little earlier so pausing at `time` is never in the past.
	await page.clock.install({ time: time.getTime() - 5_000 })
	await page.clock.pauseAt(time)
}

/**
 * Waits until an island of a public page is live (ADR 0021). Idle islands wake after the load event
 * in an idle moment, which a frozen clock never reaches; reaching for one (hover, focus) or
 * scrolling it into view wakes it, as for a visitor.
 */
export async function expectIslandLive(page: Page, name: string) {
	await expect(page.locator(`[data-island="${name}"][data-live]`)).toBeAttached()
}

/**
 * Clicks the floating "Chat with us" launcher as a visitor would. Until its island is live it is a
 * link to /chat; a click then waits for the island and opens the dialog (ADR 0021).
 */
export async function openLauncher(page: Page) {
	await page
		.getByRole('link', { name: 'Chat with us' })
		.or(page.getByRole('button', { name: 'Chat with us' }))
		.click()
}

/** Starts recording Content-Security-Policy violations; call before goto, read with the returned function. */
export async function recordCspViolations(page: Page) {
	await page.addInitScript(() => {
		const violations: string[] = []
		;(window as unknown as { __violations: string[] }).__violations = violations
		document.addEventListener('securitypolicyviolation', (event) =>
			violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
		)
	})
	return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
}

/** Fails on serious or critical axe-core violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
	if (include) builder = builder.include(include)
	// A page without frames is checked by axe.run in the page itself: the same rules and results as
	// the default (which runs per frame, then merges the results in a blank page it opens), at about
	// half the cost, and e2e runs axe on some hundred pages. A page with a frame (an embed from
	// another origin) keeps the default, which reaches into cross-origin frames.
	if (page.frames().length === 1) builder = builder.setLegacyMode(true)
	const results = await builder.analyze()
	const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
	const summary = serious.map(
		(v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
	)
	expect(summary, summary.join('\n')).toEqual([])
}

/** Collects console errors and page errors (a CSP violation shows up here). */
export function collectErrors(page: Page) {
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	return errors
}

export const publicPaths = [
	'/',
	'/career',
	'/services/autonomous-ai-agents',
	'/services/voice-assistants',
	'/services/ai-chatbots',
	'/services/custom-software-development',
	'/services/mobile-app-development',
	'/services/managed-cloud-services',
	'/about',
	'/blog',
	'/blog/how-chatbots-answer-from-your-documents',
	'/blog/what-your-chatbot-keeps-about-visitors',
	'/privacy',
	'/terms',
	'/cookies',
]

/** A small shop's knowledge: delivery and returns, as two headed paragraphs. */
const SHOP_KNOWLEDGE = [
	'Delivery\n\nWe deliver across India in three to five working days. Orders above 999 rupees ship free.',
	'Returns\n\nItems can come back within 30 days of delivery, unused and in their box.',
].join('\n\n')

/** Creates a chatbot on the shop's knowledge (or `knowledge`) through the form (signed in) and returns its id. */
export async function createShopChatbot(page: Page, name: string, knowledge = SHOP_KNOWLEDGE) {
	await page.goto('/playground?new')
	await page.getByLabel('Knowledge Base Content').fill(knowledge)
	await page.getByLabel('Chatbot Name').fill(name)
	await page.getByRole('button', { name: 'Create Chatbot' }).click()
	await expect(page).toHaveURL(/\/playground\/chatbots\/[0-9a-f-]{36}$/)
	const id = page.url().split('/').pop()!
	await expectTextIndexed(page)
	return id
}

/** Creates a voice assistant through the builder's form (signed in), opens its Knowledge section, and returns its id. */
export async function createVoiceAssistant(page: Page, name: string, language?: string) {
	await page.goto('/playground/voicebots?new')
	await page.getByLabel('Assistant Name').fill(name)
	if (language) await page.getByLabel('Language').selectOption({ label: language })
	await page.getByLabel('Description').fill('Test Widgets Ltd sells precision widgets.')
	await page.getByLabel('Instructions').fill('Be brief.')
	await page.getByRole('button', { name: 'Create Assistant' }).click()
	await expect(page).toHaveURL(/\/playground\/voicebots\/[0-9a-f-]{36}$/)
	await page.getByRole('navigation', { name: 'Assistant sections' }).getByRole('link', { name: 'Knowledge' }).click()
	await expect(page).toHaveURL(/\/playground\/voicebots\/[0-9a-f-]{36}\/knowledge$/)
	return page.url().split('/').at(-2)!
}

/** The address of a section of the chatbot whose page (any of its sections) `page` is on. */
export function chatbotSection(page: Page, section: '' | 'knowledge' | 'widget' | 'settings' | 'preview') {
	const id = /\/playground\/chatbots\/([0-9a-f-]{36})/.exec(page.url())?.[1]
	if (!id) throw new Error(`Not on a chatbot's page: ${page.url()}`)
	return `/playground/chatbots/${id}${section ? `/${section}` : ''}`
}

/** On a chatbot's page: goes to its `section` (ADR 0051), unless already there. */
export async function openChatbotSection(page: Page, section: '' | 'knowledge' | 'widget' | 'settings' | 'preview') {
	const path = chatbotSection(page, section)
	if (new URL(page.url()).pathname !== path) await page.goto(path)
}

/**
 * On a chatbot's page: opens its Knowledge section and waits until its typed text shows Ready in the
 * sources. The text is indexed by a job that the app's worker runs within moments of the save; with
 * JavaScript the page follows it by itself, without it a reload shows it (as for the owner).
 */
export async function expectTextIndexed(page: Page) {
	await openChatbotSection(page, 'knowledge')
	const text = page
		.getByRole('list', { name: 'Sources of this chatbot' })
		.getByRole('listitem')
		.filter({ hasText: 'Knowledge Base Content' })
	await expect(async () => {
		const status = (await text.textContent({ timeout: 2_000 }).catch(() => '')) ?? ''
		if (!status.includes('Ready')) await page.reload()
		await expect(text).toContainText('Ready', { timeout: 2_000 })
	}).toPass({ timeout: 30_000 })
}

/**
 * A Chromium of the test's project whose fake microphone plays `wavPath` (from when a page opens it)
 * and whose pages may play audio without a gesture: the voice tests' caller.
 */
export function launchWithMicrophone(
	playwright: { chromium: BrowserType },
	launch: LaunchOptions | undefined,
	wavPath: string,
) {
	return playwright.chromium.launch({
		...launch,
		args: [
			...(launch?.args ?? []).filter((arg) => !arg.startsWith('--use-file-for-fake-audio-capture')),
			'--use-fake-ui-for-media-stream',
			'--use-fake-device-for-media-stream',
			`--use-file-for-fake-audio-capture=${wavPath}`,
			'--autoplay-policy=no-user-gesture-required',
		],
	})
}

/** Three measured turns of a call (voice_messages), for the latency views' tests. */
export const LATENCY_TURNS = [
	['When are you open?', 'From 9.', { transcriptMs: 300, firstTokenMs: 700, firstAudioMs: 1000, serverMs: 50 }],
	['Typed question', 'Typed answer.', { transcriptMs: null, firstTokenMs: 500, firstAudioMs: null, serverMs: 30 }],
	['And Sunday?', 'Closed.', { transcriptMs: 500, firstTokenMs: 900, firstAudioMs: 1400, serverMs: 40 }],
] as const

/**
 * A call's "Turns and latency" (LATENCY_TURNS), opened in `row`, as the dashboard and an assistant's
 * Calls section both show it (one component): at `width` ≤ 360 px each turn is a card with its
 * figures under its text, every figure on screen and the page no wider than the window; wider, the
 * table with its headers.
 */
export async function expectCallLatency(page: Page, row: Locator, width: number) {
	await row.getByText('Turns and latency (3 turns)').click()
	const turns = row.getByTestId('latency-turn').filter({ visible: true })
	await expect(turns).toHaveCount(3)
	const median = row.getByTestId('latency-median').filter({ visible: true })
	if (width <= 360) {
		await expect(row.getByRole('table')).toBeHidden()
		await expect(turns.nth(0)).toHaveText(
			/Turn 1(?:\s*\(sent as text\))?\s*Caller said: When are you open\?\s*Reply: From 9\.\s*Transcript\s*300 ms\s*First word\s*700 ms\s*First audio\s*1\.0 s\s*Server\s*50 ms/,
		)
		await expect(turns.nth(1)).toHaveText(/Typed answer\.\s*Transcript\s*—\s*First word\s*500 ms\s*First audio\s*—/)
		await expect(median).toHaveText(
			/Median\s*Transcript\s*400 ms\s*First word\s*700 ms\s*First audio\s*1\.2 s\s*Server\s*40 ms/,
		)
		// Every figure is on screen, not in a sideways scroller, and the reply has the card's width.
		for (const box of await row
			.locator('[data-testid="latency-cards"] dd')
			.evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().toJSON() as DOMRect))) {
			expect(box.width).toBeGreaterThan(0)
			expect(box.right).toBeLessThanOrEqual(width)
		}
		const reply = await turns.nth(0).getByText('Reply:').locator('..').boundingBox()
		expect(reply!.width).toBeGreaterThan(width / 2)
	} else {
		await expect(row.getByRole('table').getByRole('columnheader')).toHaveText([
			'Turn',
			'Caller said',
			'Reply',
			'Transcript',
			'First word',
			'First audio',
			'Server',
		])
		await expect(turns.nth(0)).toHaveText(/When are you open\?\s*From 9\.\s*300 ms\s*700 ms\s*1\.0 s\s*50 ms/)
		await expect(turns.nth(1)).toHaveText(/Typed question\s*Typed answer\.\s*—\s*500 ms\s*—\s*30 ms/)
		await expect(median).toHaveText(/Median\s*400 ms\s*700 ms\s*1\.2 s\s*40 ms/)
	}
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}
