// Issue 32's proof: a three-turn hands-free conversation in Chromium. The fake microphone plays
// sentences spoken by espeak-ng with pauses between them; nobody clicks between turns. The third
// sentence starts while the assistant is still speaking its second reply, and the assistant stops
// within 300 ms of the caller's speech starting (the engine's own page-side timestamps). Speech-to-
// text is the tests' fake Whisper; speech is a fake speech endpoint answering with audio whose
// length the test chooses (short replies, then a long one to talk over).
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { VAD_ASSET_BASE } from '~/lib/voice/vad-assets.ts'
import { silence, spoken, wavOf } from '../support/spoken-wav.ts'
import { startAppInstance } from './app-instance.ts'
import { createUser, expect, sessionCookieDirect, sql, test, uniqueEmail, useSessionIn } from './fixtures.ts'
import { launchWithMicrophone, recordCspViolations } from './helpers.ts'
import { E2E_FAKE_AI_PORT } from './ports.ts'

declare global {
	interface Window {
		__voiceEngineTrace?: boolean
		__voiceEngine?: {
			speechStarts: number[]
			playbackStops: number[]
			turnsSent: number
		}
	}
}

test('three hands-free turns, detected without a click; talking over the assistant stops it within 300 ms', async ({
	playwright,
}, testInfo) => {
	test.setTimeout(120_000)
	// Timeline of the microphone (it starts when the test opens it): time for the detector to load
	// and the greeting, turn 1, a pause long enough for its short reply, turn 2, then turn 3 begins
	// while turn 2's long reply plays.
	const mic = path.join(tmpdir(), `voice-hands-free-${process.pid}.wav`)
	writeFileSync(
		mic,
		wavOf([
			silence(8),
			spoken('What are your opening hours?'),
			silence(6),
			spoken('Are you open on Sunday?'),
			// Long enough for turn 2's reply to start playing under load (its twelve seconds then cover turn 3).
			silence(5.5),
			spoken('Thank you, that is all I needed.'),
			silence(30),
		]),
	)
	const browser = await launchWithMicrophone(playwright, testInfo.project.use.launchOptions, mic)
	// An app instance with a speech endpoint (the tests' fake one), so the page asks the server to
	// speak; the test's own route below answers in its place, with audio as long as the test needs.
	const app = await startAppInstance({ SPEECH_BASE_URL: `http://127.0.0.1:${E2E_FAKE_AI_PORT}/openai/v1` })
	try {
		const { email } = await createUser({
			email: uniqueEmail('voice-hands-free'),
		})
		const context = await browser.newContext({ baseURL: app.origin })
		await useSessionIn(context, app.origin, await sessionCookieDirect(email))
		const page = await context.newPage()
		const violations = await recordCspViolations(page)
		await page.addInitScript(() => {
			window.__voiceEngineTrace = true
		})
		const [user] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email])
		const [agent] = await sql<{ id: string }>(
			`INSERT INTO agents (user_id, name, description, instructions, first_message)
			 VALUES ($1, 'Hands Free', 'We are open from 9 am to 6 pm, Monday to Saturday. Sunday closed.', 'Be brief.', 'Hi!')
			 RETURNING id`,
			[user.id],
		)
		// The speech endpoint: audio of silence, which plays like speech but gives Chromium's echo
		// canceller nothing to hold the microphone down with while the caller talks: short for the
		// greeting and the first reply, twelve seconds for the second (the one the caller talks over).
		const speechRequests: string[] = []
		await page.route('**/api/voice-chat/speech', async (route) => {
			const { text } = route.request().postDataJSON() as { text: string }
			speechRequests.push(text)
			const turnsSent = await page.evaluate(() => window.__voiceEngine?.turnsSent ?? 0)
			await route.fulfill({
				status: 200,
				contentType: 'audio/wav',
				body: Buffer.from(wavOf([silence(turnsSent >= 2 ? 12 : 0.6)])),
			})
		})

		// The owner arrives by links from the Playground's first page, as a user does: the page keeps
		// that first document's policy, which must let the detector compile (server/framing.ts).
		await page.goto('/playground')
		await page.getByRole('link', { name: 'Voicebot Builder' }).first().click()
		await page.waitForURL('**/playground/voicebots')
		await page.locator(`a[href="/playground/voicebots/${agent.id}"]`).first().click()
		await page.waitForURL(`**/playground/voicebots/${agent.id}`)
		// The embed, framed by other sites, may not compile WebAssembly; the detector's files come from
		// this server, cached for a year, with their right types (ADR 0052).
		const csp = async (url: string) => (await page.request.get(url)).headers()['content-security-policy']
		expect(await csp('/playground')).toContain("'wasm-unsafe-eval'")
		const wasm = await page.request.get(`${VAD_ASSET_BASE}ort-wasm-simd-threaded.wasm`, {
			headers: { 'Accept-Encoding': 'br' },
		})
		expect(wasm.headers()['content-type']).toBe('application/wasm')
		expect(wasm.headers()['cache-control']).toContain('immutable')
		const model = await page.request.head(`${VAD_ASSET_BASE}silero_vad_v5.onnx`, {
			headers: { 'Accept-Encoding': 'br, gzip' },
		})
		expect(model.status()).toBe(200)
		// Compressed or not, the model is bytes (it once read "Content-Type: false").
		expect(model.headers()['content-type']).toBe('application/octet-stream')
		const panel = page.getByRole('region', { name: 'Voice test' })
		await expect(panel.getByRole('radio', { name: 'Hands-free' })).toBeChecked()
		await panel.getByRole('button', { name: 'Start conversation' }).click()
		// The only click: from here the microphone and the detector take the turns.
		await expect(panel.getByTestId('voice-status')).toHaveText(/Listening|Speaking|Hearing/, { timeout: 20_000 })

		const callerTurns = panel.locator('[data-role="user"]')
		await expect(callerTurns).toHaveCount(1, { timeout: 30_000 })
		await expect(panel.locator('[data-role="assistant"]').nth(1)).toContainText('9 am to 6 pm')
		await expect(callerTurns).toHaveCount(2, { timeout: 30_000 })
		await expect(callerTurns).toHaveCount(3, { timeout: 30_000 })

		const trace = await page.evaluate(() => window.__voiceEngine!)
		expect(trace.turnsSent).toBeGreaterThanOrEqual(3)
		// Barge-in: a playback stop within 300 ms after a speech start (the third sentence over the long reply).
		const bargeIns = trace.speechStarts
			.map((start) => trace.playbackStops.find((stop) => stop >= start && stop - start <= 300))
			.filter((stop) => stop !== undefined)
		expect(bargeIns.length, JSON.stringify(trace)).toBeGreaterThanOrEqual(1)
		const delays = trace.speechStarts.flatMap((start) =>
			trace.playbackStops.filter((stop) => stop >= start && stop - start <= 300).map((stop) => stop - start),
		)
		testInfo.annotations.push({
			type: 'barge-in',
			description: `playback stopped ${delays.map(Math.round).join(', ')} ms after speech start`,
		})
		expect(speechRequests.length).toBeGreaterThanOrEqual(3)

		// Each reply's latency shows under it, and is kept with its turn.
		await expect(panel.getByTestId('turn-timings').first()).toContainText('first audio')
		const [call] = await sql<{ id: string }>(`SELECT id FROM call_logs WHERE agent_id = $1`, [agent.id])
		await expect
			.poll(async () => {
				const rows = await sql<{
					timings: Record<string, number | null> | null
				}>(`SELECT timings FROM voice_messages WHERE conversation_id = $1 ORDER BY created_at`, [call.id])
				return rows.filter((row) => typeof row.timings?.firstAudioMs === 'number').length
			})
			.toBeGreaterThanOrEqual(1)
		const rows = await sql<{
			heard_by: string
			timings: Record<string, number | null>
		}>(`SELECT heard_by, timings FROM voice_messages WHERE conversation_id = $1 ORDER BY created_at`, [call.id])
		expect(rows.length).toBeGreaterThanOrEqual(3)
		for (const row of rows) {
			expect(row.heard_by).toBe('speech-to-text')
			expect(typeof row.timings.serverMs).toBe('number')
		}
		expect(await violations()).toEqual([])
		await context.close()
	} finally {
		await browser.close()
		app.stop()
		rmSync(mic, { force: true })
	}
})
