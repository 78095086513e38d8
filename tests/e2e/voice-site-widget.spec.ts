// The site widget's voice mode on the shared turn engine (issue 32, ADR 0059): on a public page the
// visitor opens the chat, presses "Talk to Riya" once, and from then on just talks. The fake
// microphone plays two sentences spoken by espeak-ng; the first becomes a question without a click
// (the voice activity detector hears it end, the tests' fake Whisper transcribes it), and the second
// starts while Riya is still speaking her reply: she stops within 300 ms. The detector's files load
// only when voice starts, and the public page's CSP lets its WebAssembly compile (no violations).
// The browser's voice is a scripted stand-in that "speaks" each sentence for a few seconds (headless
// Chromium has no voices) and records when it is cancelled.
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { spokenText } from '~/ai/spoken-text.ts'
import { assistant } from '~/features/assistant/copy.ts'
import { VAD_ASSET_BASE } from '~/lib/voice/vad-assets.ts'
import { silence, spoken, wavOf } from '../support/spoken-wav.ts'
import { startAppInstance } from './app-instance.ts'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations, launchWithMicrophone, openLauncher, recordCspViolations } from './helpers.ts'
import { E2E_FAKE_AI_PORT } from './ports.ts'

type FakeVoiceLog = { spoken: Array<{ text: string; at: number }>; cancels: number[] }

declare global {
	interface Window {
		__voiceEngineTrace?: boolean
		__voiceEngine?: { speechStarts: number[]; playbackStops: number[]; turnsSent: number }
		__fakeVoice?: FakeVoiceLog
	}
}

test('the widget listens hands-free: a spoken question is sent without a click, and talking over Riya stops her', async ({
	playwright,
	baseURL,
}, testInfo) => {
	test.setTimeout(180_000)
	// The microphone's timeline (from when voice starts): the detector loads and Riya greets, the
	// question, then more sentences after pauses of 4, 7, 10 and 13 s: whichever lands while Riya is
	// speaking the reply before it talks over her (how soon she starts depends on the machine's load).
	const mic = path.join(tmpdir(), `voice-site-widget-${process.pid}.wav`)
	writeFileSync(
		mic,
		wavOf([
			silence(15),
			spoken('What are your opening hours?'),
			silence(4),
			spoken('Wait, I have one more question.'),
			silence(7),
			spoken('Sorry, let me ask again.'),
			silence(10),
			spoken('Are you open on Sunday?'),
			silence(13),
			spoken('And on public holidays?'),
			silence(30),
		]),
	)
	const browser = await launchWithMicrophone(playwright, testInfo.project.use.launchOptions, mic)
	try {
		const context = await browser.newContext({ baseURL })
		const page = await context.newPage()
		const violations = await recordCspViolations(page)
		await page.addInitScript(() => {
			window.__voiceEngineTrace = true
			const log: FakeVoiceLog = { spoken: [], cancels: [] }
			window.__fakeVoice = log
			const timers = new Set<number>()
			// Short sentences for the greeting, 6 s each for a reply: long enough to talk over. (At 3.5 s,
			// on a quiet machine, Riya answered the question within 2 s and finished just before the
			// caller's next sentence 4 s later, and every later pause was longer: nothing talked over her.)
			const synth = {
				speaking: false,
				getVoices: () => [],
				speak(utterance: SpeechSynthesisUtterance) {
					log.spoken.push({ text: utterance.text, at: performance.now() })
					const ms = (window.__voiceEngine?.turnsSent ?? 0) === 0 ? 300 : 6000
					synth.speaking = true
					timers.add(window.setTimeout(() => utterance.onstart?.(new Event('start') as never), 10))
					const end = window.setTimeout(() => {
						timers.delete(end)
						synth.speaking = false
						utterance.onend?.(new Event('end') as never)
					}, ms)
					timers.add(end)
				},
				cancel() {
					if (synth.speaking) log.cancels.push(performance.now())
					synth.speaking = false
					for (const id of timers) window.clearTimeout(id)
					timers.clear()
				},
			}
			Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true })
		})
		const detectorRequests: string[] = []
		page.on('request', (request) => {
			if (request.url().includes(VAD_ASSET_BASE)) detectorRequests.push(request.url())
		})

		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		// The launcher's island hydrates on the tap, then the dialog's code loads: on a loaded CI machine
		// (load 20) that chain took past the default 7 s once.
		await expect(dialog.getByRole('textbox', { name: 'Type your message' })).toBeVisible({ timeout: 20_000 })
		// Nothing of the detector is loaded until the visitor turns voice on.
		expect(detectorRequests).toEqual([])

		await dialog.getByRole('button', { name: 'Talk to Riya' }).click()
		// The only click: from here the microphone and the detector take the turns.
		const status = dialog.getByRole('status').and(dialog.getByTestId('voice-status'))
		await expect(status).toHaveAttribute('data-phase', /listening|hearing/, { timeout: 30_000 })
		expect(detectorRequests.some((url) => url.endsWith('silero_vad_v5.onnx'))).toBe(true)

		const visitor = dialog.locator('[data-role="user"]')
		await expect(visitor).toHaveCount(1, { timeout: 30_000 })
		await expect(visitor.first()).toHaveText(/What are your opening hours\?/)
		await expect(dialog.locator('[data-role="assistant"]')).toHaveCount(2)

		// Riya's reply was being spoken when the visitor started talking, and stopped within 300 ms.
		const bargeInsOf = (trace: NonNullable<Window['__voiceEngine']>) =>
			trace.speechStarts
				.map((start) => trace.playbackStops.find((stop) => stop >= start && stop - start <= 300))
				.filter((stop) => stop !== undefined)
		const state = () => page.evaluate(() => ({ engine: window.__voiceEngine!, voice: window.__fakeVoice! }))
		await expect
			.poll(async () => bargeInsOf((await state()).engine).length, { timeout: 75_000 })
			.toBeGreaterThanOrEqual(1)
			.catch(async (error: Error) => {
				// What the page lived through, to tell a slow machine from a broken barge-in.
				throw new Error(`${error.message}\n${JSON.stringify(await state())}`)
			})
		const trace = await page.evaluate(() => window.__voiceEngine!)
		const voice = await page.evaluate(() => window.__fakeVoice!)
		const bargeIns = bargeInsOf(trace)
		// What was said over her is the next turn.
		await expect(visitor.nth(1)).toBeVisible({ timeout: 30_000 })
		expect((await page.evaluate(() => window.__voiceEngine!)).turnsSent).toBeGreaterThanOrEqual(2)
		expect(voice.cancels.some((at) => bargeIns.some((stop) => Math.abs(at - stop!) < 50))).toBe(true)
		const replySentences = voice.spoken.filter((s) => !s.text.includes('Riya'))
		expect(replySentences.length).toBeGreaterThanOrEqual(1)

		// Typing still works in voice mode.
		await dialog.getByRole('textbox', { name: 'Type your message' }).fill('Do you offer internships?')
		await dialog.getByRole('button', { name: 'Send message' }).click()
		await expect(visitor.filter({ hasText: 'Do you offer internships?' })).toHaveCount(1)
		await expectNoSeriousA11yViolations(page, '[role="dialog"]')

		await dialog.getByRole('button', { name: 'Stop voice' }).click()
		await expect(dialog.getByTestId('voice-status')).toHaveCount(0)
		expect(await violations()).toEqual([])
		await context.close()
	} finally {
		await browser.close()
		rmSync(mic, { force: true })
	}
})

test("the voice detector may compile on every page (a page keeps its first document's policy), not in the embed", async ({
	request,
}) => {
	const csp = async (url: string) => (await request.get(url)).headers()['content-security-policy']
	expect(await csp('/career')).toContain("'wasm-unsafe-eval'")
	expect(await csp('/')).toContain("'wasm-unsafe-eval'")
	expect(await csp('/auth')).toContain("'wasm-unsafe-eval'")
	expect(await csp('/embed/0d7c6c1e-1f7e-4b43-9d0e-6f0f1c2b3a4d')).not.toContain('wasm-unsafe-eval')
	// The server says whether the widget can listen hands-free (it can: the tests' fake Whisper) and
	// whether Riya speaks through a speech server (not here: none is configured on this instance).
	const capability = await request.get('/api/chat/voice')
	expect(await capability.json()).toEqual({ transcription: true, speech: false })
	expect(capability.headers()['cache-control']).toBe('no-store')
})

test('with a speech server, Riya speaks through it sentence by sentence, and it says only what she said to that address', async ({
	playwright,
	request,
}, testInfo) => {
	test.setTimeout(120_000)
	// Without one (the tests' main server), the widget is told to use the browser's voice.
	expect(await (await request.get('/api/chat/voice')).json()).toMatchObject({ speech: false })
	const mic = path.join(tmpdir(), `voice-site-speech-${process.pid}.wav`)
	writeFileSync(mic, wavOf([silence(60)]))
	const browser = await launchWithMicrophone(playwright, testInfo.project.use.launchOptions, mic)
	const fake = `http://127.0.0.1:${E2E_FAKE_AI_PORT}`
	const app = await startAppInstance({ SPEECH_BASE_URL: `${fake}/openai/v1` })
	try {
		const context = await browser.newContext({ baseURL: app.origin })
		const page = await context.newPage()
		// The browser's voice records what it is asked to say: nothing, when the server speaks.
		await page.addInitScript(() => {
			const log: FakeVoiceLog = { spoken: [], cancels: [] }
			window.__fakeVoice = log
			const synth = {
				speaking: false,
				getVoices: () => [],
				speak(utterance: SpeechSynthesisUtterance) {
					log.spoken.push({ text: utterance.text, at: performance.now() })
					window.setTimeout(() => utterance.onend?.(new Event('end') as never), 50)
				},
				cancel() {},
			}
			Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true })
		})
		// Each sentence in the order the widget asked for it (responses can finish out of order: a
		// short sentence's audio comes back before a long one's), with its answer's status once known.
		const spoken: Array<{ status: number | null; text: string; body: object }> = []
		page.on('request', (request) => {
			if (!request.url().endsWith('/api/chat/speech')) return
			const body = request.postDataJSON() as { text: string }
			const entry = { status: null as number | null, text: body.text, body }
			spoken.push(entry)
			void request.response().then((response) => (entry.status = response?.status() ?? 0))
		})
		expect(await (await page.request.get('/api/chat/voice')).json()).toMatchObject({ speech: true })
		await page.goto('/career')
		await openLauncher(page)
		const dialog = page.getByRole('dialog', { name: 'Chat with Riya' })
		await dialog.getByRole('button', { name: 'Talk to Riya' }).click()
		await expect(dialog.getByTestId('voice-status')).toHaveAttribute('data-phase', /listening|speaking/, {
			timeout: 30_000,
		})
		const words = (text: string) =>
			text
				.toLowerCase()
				.replace(/[^\p{L}\p{N}]+/gu, ' ')
				.trim()
		const greeting = words(assistant.greeting)
		// The greeting, sentence by sentence, each answered with audio, before the question: a message
		// sent while the greeting's audio is still on its way interrupts it, and its requests are aborted.
		await expect
			.poll(() => ({ said: words(spoken.map((s) => s.text).join(' ')), statuses: spoken.map((s) => s.status) }), {
				timeout: 30_000,
			})
			.toEqual({ said: greeting, statuses: [200, 200] })
		await dialog.getByRole('textbox', { name: 'Type your message' }).fill('Do you offer internships?')
		await dialog.getByRole('button', { name: 'Send message' }).click()
		await expect(dialog.locator('[data-role="assistant"]')).toHaveCount(2, { timeout: 30_000 })
		// Read once it is complete (the text box is disabled while Riya writes): a reply read while it
		// was still streaming held only its first words, not the sentence the voice went on to say.
		await expect(dialog.getByRole('textbox', { name: 'Type your message' })).toBeEnabled({ timeout: 30_000 })
		// The reply as shown, in the form the voice says it (addresses as "the link in the transcript",
		// numbers in words), sentence by sentence, as the widget speaks it: words only.
		const shown = (await dialog.locator('[data-role="assistant"]').nth(1).innerText()).trim().replace(/^Riya:\s*/, '')
		const replySaid = words(
			shown
				.split(/(?<=[.!?])\s+/)
				.map((sentence) => spokenText(sentence, 'en'))
				.join(' '),
		)
		// Then the reply's sentences, in order, all of it. (The greeting has two sentences itself:
		// waiting for "two answered" once let the check run before the reply was spoken at all, with
		// the answers in the order they finished, and the greeting's second sentence was taken for the
		// reply's first.)
		await expect
			.poll(
				() =>
					spoken
						.slice(2)
						.map((s) => words(s.text))
						.join(' '),
				{ timeout: 30_000 },
			)
			.toBe(replySaid)
		await expect.poll(() => spoken.filter((s) => s.status !== 200), { timeout: 30_000 }).toEqual([])
		const speeches = (await (await fetch(`${fake}/fake/speeches`)).json()) as Array<{ input: string; voice: string }>
		expect(speeches.some((s) => s.input.includes('Riya'))).toBe(true)
		// Nothing was said in the browser's voice.
		expect((await page.evaluate(() => window.__fakeVoice!)).spoken).toEqual([])
		// The reply has been spoken: its ticket, sent again as it was, is refused (ADR 0068).
		const replay = await page.request.post('/api/chat/speech', { data: spoken.at(-1)!.body })
		expect(replay.status()).toBe(409)
		expect(await replay.json()).toEqual({
			error: 'This reply has already been spoken: its speech ticket allows each sentence once.',
		})

		// The endpoint is no text-to-speech service: text Riya never said, a forged ticket, or a ticket
		// from another address is refused before the provider is asked.
		const say = (data: object, address = '10.90.0.1') =>
			page.request.post('/api/chat/speech', { data, headers: { 'X-Forwarded-For': address } })
		expect((await say({ text: 'Buy cheap pills now.' })).status()).toBe(403)
		expect(
			(
				await say({
					text: 'Buy cheap pills now.',
					said: 'Buy cheap pills now.',
					ticket: `${Date.now() + 60_000}.forged`,
				})
			).status(),
		).toBe(403)
		// Her greeting too needs a ticket (ADR 0074): the one GET /api/chat/voice issues to the address.
		expect((await say({ text: "Hi! I'm Riya" })).status()).toBe(403)
		const voice = (await (
			await page.request.get('/api/chat/voice', { headers: { 'X-Forwarded-For': '10.90.0.1' } })
		).json()) as { greeting: { said: string; ticket: string } }
		expect(voice.greeting.said).toBe(assistant.greeting)
		expect((await say({ text: "Hi! I'm Riya", ...voice.greeting }, '10.90.0.3')).status()).toBe(403)
		expect((await say({ text: "Hi! I'm Riya", ...voice.greeting })).status()).toBe(200)
		// Rate-limited per address.
		let limited = 0
		for (let i = 0; i < 45 && limited === 0; i++)
			if ((await say({ text: 'Not said.' }, '10.90.0.2')).status() === 429) limited++
		expect(limited).toBe(1)
		await context.close()
	} finally {
		await app.stop()
		await browser.close()
		rmSync(mic, { force: true })
	}
})
