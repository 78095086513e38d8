import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { openLauncher } from './helpers.ts'

/**
 * Browsers under test have no microphone or speech service, so the Web Speech API and
 * getUserMedia are replaced by scripted fakes that record what the page asks of them. The server
 * says it has no speech-to-text, so the widget uses the browser's recognizer (the spec's voice
 * variant; hands-free listening with the server's speech-to-text is voice-site-widget.spec.ts).
 */
async function installFakeVoice(page: Page, { micAllowed = true, recognition = true } = {}) {
	await page.route('**/api/chat/voice', (route) => route.fulfill({ json: { transcription: false } }))
	await page.addInitScript(
		({ micAllowed, recognition }) => {
			const log = {
				starts: [] as number[],
				aborts: 0,
				spoken: [] as Array<Record<string, unknown>>,
				instances: [] as any[],
			}
			;(window as any).__voice = log
			if (recognition) {
				class FakeRecognition {
					continuous = false
					interimResults = false
					lang = ''
					onresult: any = null
					onend: any = null
					onerror: any = null
					running = false
					constructor() {
						log.instances.push(this)
					}
					start() {
						if (this.running) throw new Error('already started')
						this.running = true
						log.starts.push(performance.now())
					}
					stop() {
						this.running = false
						setTimeout(() => this.onend?.(), 0)
					}
					abort() {
						log.aborts++
						this.running = false
					}
					say(transcript: string) {
						this.onresult?.({ resultIndex: 0, results: [{ isFinal: true, 0: { transcript } }] })
					}
					end() {
						this.running = false
						this.onend?.()
					}
					fail(error: string) {
						this.running = false
						this.onerror?.({ error })
						this.onend?.()
					}
				}
				;(window as any).SpeechRecognition = FakeRecognition
			} else {
				delete (window as any).SpeechRecognition
				delete (window as any).webkitSpeechRecognition
			}
			const synth = {
				getVoices: () => [
					{ name: 'Google UK English Male', lang: 'en-GB' },
					{ name: 'Samantha (Female)', lang: 'en-US' },
				],
				cancel() {},
				speak(u: any) {
					log.spoken.push({
						text: u.text,
						rate: u.rate,
						pitch: u.pitch,
						volume: u.volume,
						lang: u.lang,
						voice: u.voice?.name,
					})
					setTimeout(() => u.onend?.(), 30)
				},
			}
			Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true })
			;(window as any).SpeechSynthesisUtterance = class {
				text: string
				rate = 1
				pitch = 1
				volume = 1
				lang = ''
				voice: unknown = null
				onend: any = null
				onerror: any = null
				constructor(text: string) {
					this.text = text
				}
			}
			Object.defineProperty(navigator, 'mediaDevices', {
				value: {
					getUserMedia: async () => {
						if (!micAllowed) throw new DOMException('Permission denied', 'NotAllowedError')
						return { getTracks: () => [{ stop() {} }] }
					},
				},
				configurable: true,
			})
		},
		{ micAllowed, recognition },
	)
}

async function openVoice(page: Page) {
	await page.goto('/career')
	await openLauncher(page)
	const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
	await dialog.getByRole('button', { name: 'Talk to Riya' }).click()
	return dialog
}

const voiceLog = (page: Page) =>
	page.evaluate(() => {
		const { starts, aborts, spoken } = (window as any).__voice
		return {
			starts: [...starts] as number[],
			aborts: aborts as number,
			spoken: [...spoken] as Array<Record<string, unknown>>,
		}
	})

test('microphone denied: the spec message, typing still works', async ({ page }) => {
	await installFakeVoice(page, { micAllowed: false })
	const dialog = await openVoice(page)
	await expect(
		dialog.getByText('Please allow microphone access to use voice features. You can still type your messages.'),
	).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Talk to Riya' })).toHaveAttribute('aria-pressed', 'false')
	await expect(dialog.getByRole('textbox', { name: 'Type your message' })).toBeEnabled()
})

test('a browser without speech recognition is told so plainly', async ({ page }) => {
	await installFakeVoice(page, { recognition: false })
	const dialog = await openVoice(page)
	await expect(dialog.getByText(/needs speech recognition, which this browser does not offer/)).toBeVisible()
})

test('greeting spoken, continuous listening, a final result sent after 0.5 s, the reply spoken', async ({ page }) => {
	await installFakeVoice(page)
	const dialog = await openVoice(page)
	await expect(dialog.getByRole('button', { name: 'Stop voice' })).toHaveAttribute('aria-pressed', 'true')

	// The greeting, sentence by sentence, with the spec's settings.
	await expect.poll(async () => (await voiceLog(page)).spoken.length).toBe(2)
	const greeting = (await voiceLog(page)).spoken
	for (const sentence of greeting)
		expect(sentence).toMatchObject({ rate: 0.85, pitch: 1.1, volume: 0.9, lang: 'en-US', voice: 'Samantha (Female)' })
	expect(greeting[0].text).toContain("I'm Riya")
	await expect.poll(async () => (await voiceLog(page)).starts.length).toBe(1) // listening after the greeting
	expect(await page.evaluate(() => (window as any).__voice.instances[0].continuous)).toBe(true)
	// The visitor sees that the microphone is open, and what it hears before it is sent.
	const status = dialog.getByTestId('voice-status')
	await expect(status).toHaveText('Listening… speak now')
	await expect(status).toHaveAttribute('data-phase', 'listening')
	await page.evaluate(() =>
		(window as any).__voice.instances[0].onresult({
			resultIndex: 0,
			results: [{ isFinal: false, 0: { transcript: 'When is the' } }],
		}),
	)
	await expect(status).toHaveText('“When is the”')

	const said = await page.evaluate(() => {
		;(window as any).__voice.instances[0].say('When is the workshop?')
		return performance.now()
	})
	await expect(dialog.locator('[data-role="user"]')).toHaveText(/When is the workshop\?/)
	const sentAfter = await page.evaluate((t) => performance.now() - t, said)
	expect(sentAfter).toBeGreaterThanOrEqual(450)

	await expect(dialog.locator('[data-role="assistant"]').last()).toContainText('Saturday, 7-8 PM IST')
	// The reply is spoken too, a sentence at a time.
	await expect
		.poll(async () =>
			(await voiceLog(page)).spoken
				.slice(2)
				.map((s) => s.text)
				.join(' '),
		)
		.toMatch(/Saturday/)
})

test('recognition restarts 100 ms after it ends and 1 s after an error; Stop ends it all', async ({ page }) => {
	await installFakeVoice(page)
	const dialog = await openVoice(page)
	await expect.poll(async () => (await voiceLog(page)).starts.length).toBe(1)

	const endedAt = await page.evaluate(() => {
		;(window as any).__voice.instances[0].end()
		return performance.now()
	})
	await expect.poll(async () => (await voiceLog(page)).starts.length).toBe(2)
	const afterEnd = (await voiceLog(page)).starts[1] - endedAt
	expect(afterEnd).toBeGreaterThanOrEqual(90)
	expect(afterEnd).toBeLessThan(900)

	const failedAt = await page.evaluate(() => {
		const r = (window as any).__voice.instances[0]
		r.running = false
		r.onerror?.({ error: 'network' })
		return performance.now()
	})
	await expect.poll(async () => (await voiceLog(page)).starts.length, { timeout: 5000 }).toBe(3)
	expect((await voiceLog(page)).starts[2] - failedAt).toBeGreaterThanOrEqual(950)

	await dialog.getByRole('button', { name: 'Stop voice' }).click()
	await expect(dialog.getByRole('button', { name: 'Talk to Riya' })).toHaveAttribute('aria-pressed', 'false')
	await expect(dialog.getByTestId('voice-status')).toHaveCount(0)
	const startsBefore = (await voiceLog(page)).starts.length
	await page.evaluate(() => (window as any).__voice.instances[0].onend?.())
	await page.waitForTimeout(300)
	expect((await voiceLog(page)).starts.length).toBe(startsBefore)
})
