import type { Locator, Page } from '@playwright/test'
import {
	ADMIN_EMAIL,
	createUser,
	expect,
	sessionCookieDirect,
	sql,
	test,
	uniqueEmail,
	useSessionIn,
} from './fixtures.ts'

// The voice test as a first-time owner meets it (issue 32, FTU trial 2): each reason the microphone
// cannot be used says its own fix, the status matches what the controls can do, only what the browser
// really has is named, an owner who is not the administrator is never sent to a page they cannot
// open, typed turns say where their latency counts from, the conversation has the room during a
// call, and without JavaScript the test is a typed conversation. Runs in the "voice" project: the
// server's speech-to-text is the fake Whisper of its environment, and it has no speech endpoint.

const OPENING_HOURS = 'We are open from 9 am to 6 pm, Monday to Saturday. Sunday closed.'

async function agentOf(email: string, name: string, language = 'en') {
	const [row] = await sql<{ id: string }>(
		`INSERT INTO agents (user_id, name, description, instructions, first_message, voice_id, language)
		 SELECT id, $2, $3, 'Be brief.', 'Hello!', 'nova', $4 FROM users WHERE email = $1 RETURNING id`,
		[email, name, OPENING_HOURS, language],
	)
	return row.id
}

/** The browser's voices, as a test wants them (headless Chromium's list differs from machine to machine). */
async function browserVoices(page: Page, voices: Array<{ name: string; lang: string }>) {
	await page.addInitScript((list) => {
		speechSynthesis.getVoices = () => list as unknown as SpeechSynthesisVoice[]
	}, voices)
}

const panelOf = (page: Page) => page.getByRole('region', { name: 'Voice test' })

test('a refused microphone says so (not "no speech-to-text"), the status offers typing, and typed turns count from sending', async ({
	page,
	login,
}) => {
	await page.addInitScript(() => {
		navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
	})
	await browserVoices(page, [{ name: 'English (America)', lang: 'en-US' }])
	const user = await login()
	const agentId = await agentOf(user.email, 'Refused Desk')
	await page.goto(`/playground/voicebots/${agentId}`)
	const panel = panelOf(page)
	// The server hears with its Whisper: nothing is said to be missing before the call.
	await expect(panel.getByTestId('voice-provider-stt')).toContainText('whisper-large-v3-turbo')
	await expect(panel.getByTestId('voice-provider-speech')).toHaveText('Your browser’s English voice')
	await expect(panel.getByTestId('mic-problem')).toHaveCount(0)
	await panel.getByRole('button', { name: 'Start conversation' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Failed to access microphone' })).toBeVisible()
	await expect(panel.getByTestId('mic-problem')).toHaveText(
		'Your browser blocked the microphone: allow it in the address bar, then try again. Meanwhile, type your messages below.',
	)
	await expect(panel).not.toContainText('speech-to-text service')
	await expect(panel).not.toContainText('has no speech recognition')
	// Never "Hold the mic button" beside a button that cannot be held: there is none, and typing is offered.
	await expect(panel.getByTestId('voice-status')).toHaveText('Ready. Type your message below')
	await expect(panel.getByRole('button', { name: 'Hold to talk' })).toHaveCount(0)
	await panel.getByLabel('Or type your message').fill('Are you open on Sunday?')
	await panel.getByLabel('Or type your message').press('Enter')
	await expect(panel.locator('[data-role="assistant"]').nth(1)).toContainText('Sunday closed')
	// A typed turn has no end of speech: its figures say they count from its sending.
	await expect(panel.getByTestId('turn-timings').last().getByTestId('timings-from')).toHaveText('after sending:')
	await expect(
		panel.getByText('Latency in ms: from the end of your speech, or from sending a typed message'),
	).toBeVisible()
	await expect(panel.getByTestId('turn-timings').last()).not.toContainText('after your speech')
})

test("a browser with no voice for the assistant's language says replies are shown as text; the Voice select says it needs a speech server", async ({
	page,
	login,
}) => {
	// An English voice only, and a Hindi assistant.
	await browserVoices(page, [{ name: 'English (America)', lang: 'en-US' }])
	const user = await login()
	const agentId = await agentOf(user.email, 'Hindi Desk', 'hi')
	await page.goto(`/playground/voicebots/${agentId}`)
	const panel = panelOf(page)
	await expect(panel.getByTestId('voice-provider-speech')).toHaveText(
		'This browser has no Hindi voice: replies are shown as text',
	)
	// The voices listed are a speech server's; the server has none.
	await expect(page.getByLabel('Voice', { exact: true })).toHaveAccessibleDescription(
		/Applies only with a speech server/,
	)
	// A browser with no voices at all says so for English too.
	await page.addInitScript(() => {
		speechSynthesis.getVoices = () => []
	})
	const englishId = await agentOf(user.email, 'Silent Desk')
	await page.goto(`/playground/voicebots/${englishId}`)
	await expect(panelOf(page).getByTestId('voice-provider-speech')).toHaveText(
		'This browser has no English voice: replies are shown as text',
	)
	// Replies are shown, and nothing is spoken: the status never says "Speaking...".
	const spoken: string[] = []
	await page.exposeFunction('recordSpoken', (text: string) => spoken.push(text))
	await page.evaluate(() => {
		speechSynthesis.speak = (utterance) =>
			void (window as unknown as { recordSpoken: (t: string) => void }).recordSpoken(utterance.text)
	})
	await panelOf(page).getByRole('button', { name: 'Start conversation' }).click()
	await expect(panelOf(page).locator('[data-role="assistant"]').first()).toHaveText(/Hello!/)
	await panelOf(page).getByLabel('Or type your message').fill('Are you open on Sunday?')
	await panelOf(page).getByLabel('Or type your message').press('Enter')
	await expect(panelOf(page).locator('[data-role="assistant"]').nth(1)).toContainText('Sunday closed')
	// A typed turn: "after sending:" says how it came; no "heard by" beside it.
	await expect(panelOf(page).getByTestId('timings-from').last()).toHaveText('after sending:')
	await expect(panelOf(page).getByTestId('turn-timings').last()).not.toContainText('·')
	expect(spoken).toEqual([])
	// In Calls, the typed turn's figures say they count from its sending, not from the end of speech.
	await expect(async () => {
		await page.goto(`/playground/voicebots/${englishId}/calls`)
		await page.getByText(/Turns and latency/).click({ timeout: 1_000 })
	}).toPass({ timeout: 20_000 })
	const latency = page.getByTestId('latency')
	await expect(latency.locator('caption')).toHaveText(
		'Milliseconds from when each message was sent (typed, no speech); — for a step that did not happen.',
	)
	await expect(latency.getByTestId('latency-turn').first().locator('th')).toContainText('sent as text')
})

test('an owner who is not the administrator is told whom to ask, not linked to the Models page; its 403 leads back to the Playground', async ({
	page,
	login,
}) => {
	const user = await login()
	const agentId = await agentOf(user.email, 'Owner Desk')
	await page.goto(`/playground/voicebots/${agentId}`)
	const notice = page.getByTestId('voice-providers')
	await expect(notice.getByTestId('voice-providers-change')).toHaveText(
		'Only the administrator of this site connects speech services: ask them to change these.',
	)
	await expect(page.getByRole('link', { name: 'Models page' })).toHaveCount(0)
	// Typed into the address bar all the same: the way back is the Playground, not the Dashboard (also 403).
	await page.goto('/playground/models')
	await expect(page.getByText('The Models page is only for the administrator of this site.')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0)
	await page.locator('#main').getByRole('link', { name: 'AI Playground', exact: true }).click()
	await expect(page).toHaveURL(/\/playground$/)
})

test('the administrator is linked to the Models page from the test', async ({ page }) => {
	const [existing] = await sql<{ email: string }>(`SELECT email FROM users WHERE email = $1`, [ADMIN_EMAIL])
	if (!existing) await createUser({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const origin = test.info().project.use.baseURL!
	await useSessionIn(page.context(), origin, await sessionCookieDirect(ADMIN_EMAIL))
	const agentId = await agentOf(ADMIN_EMAIL, `Admin Desk ${Date.now()}`)
	await page.goto(`/playground/voicebots/${agentId}`)
	await expect(page.getByTestId('voice-providers').getByRole('link', { name: 'Models page' })).toHaveAttribute(
		'href',
		'/playground/models',
	)
})

for (const size of [
	{ name: 'phone', width: 360, height: 740 },
	{ name: 'desktop', width: 1440, height: 900 },
]) {
	test(`during a call the conversation has the room and the text box is in view (${size.name})`, async ({
		page,
		login,
	}) => {
		await page.setViewportSize({ width: size.width, height: size.height })
		const user = await login()
		const agentId = await agentOf(user.email, 'Roomy Desk')
		const path = size.width < 1024 ? `/playground/voicebots/${agentId}/test` : `/playground/voicebots/${agentId}`
		await page.goto(path)
		const panel = panelOf(page)
		await page.screenshot({ path: test.info().outputPath(`before-${size.width}.png`) })
		// Hold to talk: the fake microphone's speech is not taken for turns while the test types.
		await panel.getByText('Hold to talk', { exact: true }).click()
		await panel.getByRole('button', { name: 'Start conversation' }).click()
		await expect(panel.getByTestId('voice-status')).toHaveText('Ready. Hold the mic button to speak', {
			timeout: 15_000,
		})
		await expect(panel.locator('[data-role="assistant"]').first()).toHaveText(/Hello!/)
		for (const question of ['Are you open on Sunday?', 'When do you open?']) {
			await panel.getByLabel('Or type your message').fill(question)
			await panel.getByLabel('Or type your message').press('Enter')
			await expect(panel.locator('[data-role="user"]').filter({ hasText: question })).toBeVisible()
			await expect(panel.getByTestId('voice-status')).toHaveText('Ready. Hold the mic button to speak', {
				timeout: 15_000,
			})
		}
		await expect(panel.locator('[data-role="assistant"]')).toHaveCount(3)
		// The provider details fold into one line; the text box is on screen; the transcript is the main area.
		await expect(panel.getByTestId('voice-providers-folded')).not.toHaveAttribute('open')
		await expect(panel.getByLabel('Or type your message')).toBeInViewport({ ratio: 1 })
		const transcript = panel.getByRole('list', { name: 'Conversation' })
		await expect(transcript).toBeInViewport()
		await page.screenshot({ path: test.info().outputPath(`call-${size.width}.png`) })
		const box = (await transcript.boundingBox())!
		const panelBox = (await panel.boundingBox())!
		expect(box.height).toBeGreaterThan(panelBox.height * 0.5)
	})
}

/** Whether `inner` lies wholly inside `outer` (a pixel of rounding allowed). */
function within(inner: { x: number; y: number; width: number; height: number }, outer: typeof inner) {
	return (
		inner.x >= outer.x - 1 &&
		inner.y >= outer.y - 1 &&
		inner.x + inner.width <= outer.x + outer.width + 1 &&
		inner.y + inner.height <= outer.y + outer.height + 1
	)
}

for (const size of [
	{ width: 320, height: 568 },
	{ width: 1440, height: 900 },
]) {
	test(`the builder list's test dialog fits the viewport and scrolls inside at ${size.width}x${size.height}`, async ({
		page,
		login,
	}) => {
		await page.setViewportSize(size)
		const user = await login()
		await agentOf(user.email, 'Fitting Desk')
		await page.goto('/playground/voicebots')
		await page.getByRole('button', { name: 'Test Fitting Desk' }).click()
		const dialog = page.getByRole('dialog')
		await expect(dialog.getByRole('button', { name: 'Start conversation' })).toBeVisible()
		const fits = async () => {
			const box = (await dialog.boundingBox())!
			expect(within(box, { x: 0, y: 0, ...size }), JSON.stringify(box)).toBe(true)
			return box
		}
		/** Scrolls the dialog's body as a person does (the wheel over it), then each control is wholly in it. */
		const reachable = async (dy: number, controls: Locator[]) => {
			const box = await fits()
			await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
			await page.mouse.wheel(0, dy)
			for (const control of controls) {
				await expect(control).toBeInViewport({ ratio: 1 })
				await expect.poll(async () => within((await control.boundingBox())!, box)).toBe(true)
			}
		}
		// Never taller than the window (720 px where there is room), and every control reachable
		// inside it: the dialog's body scrolls, nothing is cut off under its edge.
		const before = await fits()
		if (size.height >= 900) expect(before.height).toBe(720)
		await page.screenshot({ path: test.info().outputPath(`dialog-${size.width}-before.png`) })
		const text = dialog.getByLabel('Or type your message')
		await reachable(2000, [text])
		await page.screenshot({ path: test.info().outputPath(`dialog-${size.width}-before-scrolled.png`) })
		await reachable(-2000, [dialog.getByRole('button', { name: 'Start conversation' })])
		await dialog.getByText('Hold to talk', { exact: true }).click()
		await dialog.getByRole('button', { name: 'Start conversation' }).click()
		await expect(dialog.getByTestId('voice-status')).toHaveText('Ready. Hold the mic button to speak', {
			timeout: 15_000,
		})
		for (const question of ['Are you open on Sunday?', 'When do you open?', 'And on Saturday?']) {
			await text.fill(question)
			await text.press('Enter')
			await expect(dialog.getByTestId('voice-status')).toHaveText('Ready. Hold the mic button to speak', {
				timeout: 15_000,
			})
		}
		await expect(dialog.locator('[data-role="assistant"]')).toHaveCount(4)
		await reachable(2000, [text, dialog.getByRole('button', { name: 'Send', exact: true })])
		await reachable(-2000, [dialog.getByRole('button', { name: 'End conversation' })])
		await page.screenshot({ path: test.info().outputPath(`dialog-${size.width}-call.png`) })
	})
}

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('at 320x568 the "Connected" toast leaves the dialog\'s header clear, and the conversation has most of the dialog', async ({
	page,
	login,
}) => {
	await page.setViewportSize({ width: 320, height: 568 })
	const user = await login()
	await agentOf(user.email, 'Narrow Desk')
	await page.goto('/playground/voicebots')
	await page.getByRole('button', { name: 'Test Narrow Desk' }).click()
	const dialog = page.getByRole('dialog')
	await dialog.getByText('Hold to talk', { exact: true }).click()
	await dialog.getByRole('button', { name: 'Start conversation' }).click()
	const toast = page.locator('[data-toast]').filter({ hasText: 'Connected' })
	await expect(toast).toBeVisible()
	await page.screenshot({ path: test.info().outputPath('connected-320.png') })
	// Neither the title nor the close button lies under the toast while it shows.
	const toastBox = (await toast.boundingBox())!
	for (const part of [
		dialog.getByRole('heading', { name: 'Test: Narrow Desk' }),
		dialog.getByRole('button', { name: 'Close' }),
	]) {
		const box = (await part.boundingBox())!
		expect(overlap(toastBox, box), `${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false)
	}
	// Nor the conversation's text box and Send button (a bottom toast would sit on them).
	for (const part of [dialog.getByLabel('Or type your message'), dialog.getByRole('button', { name: 'Send' })]) {
		const box = (await part.boundingBox())!
		expect(overlap(toastBox, box), `${JSON.stringify(toastBox)} over ${JSON.stringify(box)}`).toBe(false)
	}
	await expect(dialog.getByTestId('voice-status')).toHaveText('Ready. Hold the mic button to speak', {
		timeout: 15_000,
	})
	// The toast is in the dialog (under its header), and goes after its few seconds.
	expect(within(toastBox, (await dialog.boundingBox())!)).toBe(true)
	await expect(toast).toBeHidden({ timeout: 6000 })
	// During the call the status is one line and how you talk folds away: the transcript gets most of
	// the dialog's height.
	await expect(dialog.getByTestId('voice-mode-details')).toContainText('How you talk: Hold to talk')
	const transcript = dialog.getByRole('list', { name: 'Conversation' })
	await expect(transcript).toBeInViewport()
	await page.screenshot({ path: test.info().outputPath('call-320.png') })
	// The call's row: no taller than the microphone button and its padding (it took ~95 px with the mode
	// switch, and the End button lay over the switch), and End clear of how you talk.
	const controls = (await dialog.getByTestId('voice-controls').boundingBox())!
	expect(controls.height).toBeLessThanOrEqual(80)
	const end = (await dialog.getByRole('button', { name: 'End conversation' }).boundingBox())!
	expect(overlap(end, (await dialog.getByTestId('voice-mode-details').boundingBox())!)).toBe(false)
	const transcriptBox = (await transcript.boundingBox())!
	const dialogBox = (await dialog.boundingBox())!
	expect(transcriptBox.height, `${transcriptBox.height} of ${dialogBox.height}`).toBeGreaterThanOrEqual(
		dialogBox.height * 0.45,
	)
})

test('closing the test page without ending the call ends it: Calls shows its length, not "In progress"', async ({
	page,
	context,
	login,
}) => {
	// Typed (the microphone refused): the call starts all the same, and no microphone is needed here.
	await page.addInitScript(() => {
		navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
	})
	const user = await login()
	const agentId = await agentOf(user.email, 'Left Desk')
	await page.goto(`/playground/voicebots/${agentId}`)
	const panel = panelOf(page)
	await panel.getByRole('button', { name: 'Start conversation' }).click()
	await expect(panel.locator('[data-role="assistant"]').first()).toHaveText(/Hello!/)
	const status = () =>
		sql<{ call_status: string }>(`SELECT call_status FROM call_logs WHERE agent_id = $1`, [agentId]).then((rows) =>
			rows.map((row) => row.call_status),
		)
	expect(await status()).toEqual(['in-progress'])
	// The tab closed, End never clicked: the page's beacon ends the call (same-origin, like End).
	await page.close({ runBeforeUnload: true })
	await expect.poll(status).toEqual(['completed'])
	const calls = await context.newPage()
	await calls.goto(`/playground/voicebots/${agentId}/calls`)
	await expect(calls.getByRole('main')).toContainText('Left Desk')
	await expect(calls.getByRole('main')).not.toContainText('In progress')
})

test('a reply written in markdown reads as text on Calls and the dashboard: what was spoken, then what was not', async ({
	page,
	login,
}) => {
	// The administrator: the dashboard is theirs.
	const user = await login({ email: ADMIN_EMAIL, fullName: 'Site Admin' })
	const agentId = await agentOf(user.email, 'Markdown Desk')
	const reply =
		'Closures keep their scope [1]. They are used for: - `counter()` factories. - **Private** state. - Callbacks. - Memoisation.'
	const [call] = await sql<{ id: string }>(
		`INSERT INTO call_logs (agent_id, agent_name, call_status, call_duration, customer_name, transcript)
		 VALUES ($1, 'Markdown Desk', 'completed', 30, 'Mira Markdown', $2) RETURNING id`,
		[agentId, `Assistant: Hello!\nCaller: What are closures for?\nAssistant: ${reply}`],
	)
	await sql(
		`INSERT INTO voice_messages (conversation_id, client_message_id, heard, reply, heard_by, timings)
		 VALUES ($1, 'md', 'What are closures for?', $2, 'typed', '{"serverMs": 12}'::jsonb)`,
		[call.id, reply],
	)
	await page.goto(`/playground/voicebots/${agentId}/calls`)
	const turn = page.getByTestId('latency-turn').first()
	await expect(turn).toContainText('They are used for: • counter() factories.')
	await expect(turn.getByTestId('not-spoken')).toHaveText('Not spoken: • Callbacks. • Memoisation.')
	await expect(turn).not.toContainText('`')
	await expect(turn).not.toContainText('**')
	await page.goto('/playground/dashboard')
	const transcript = page.getByLabel('Transcript of the conversation with Mira Markdown')
	await expect(transcript).toContainText('• Private state.')
	await expect(transcript).toContainText('(Not spoken: • Callbacks.')
	await expect(transcript).not.toContainText('`')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the test is a typed conversation: start, ask, read the reply with its sources, end', async ({
		page,
		login,
	}) => {
		test.slow()
		const user = await login()
		const agentId = await agentOf(user.email, 'Plain Typed Desk')
		// Beside the other sections: the way to the typed test.
		await page.goto(`/playground/voicebots/${agentId}`)
		await panelOf(page).getByRole('link', { name: 'Type a conversation with it instead' }).click()
		await expect(page).toHaveURL(new RegExp(`/playground/voicebots/${agentId}/test`))
		// Nothing listens or speaks without JavaScript: the page never offers speaking above saying so.
		await expect(panelOf(page)).toContainText('Type to your assistant and read its replies.')
		await expect(panelOf(page)).toContainText('Without JavaScript the test is typed: nothing is heard or spoken')
		await expect(panelOf(page)).not.toContainText(/just speak|microphone button/)
		await page.getByRole('button', { name: 'Start a typed conversation' }).click()
		await expect(page.getByText('Connected')).toBeVisible()
		await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}/)
		const transcript = page.getByRole('list', { name: 'Conversation' })
		await expect(transcript.locator('[data-role="assistant"]').first()).toHaveText(/Hello!/)
		await page.getByLabel('Or type your message').fill('Are you open on Sunday?')
		await page.getByLabel('Or type your message').press('Enter')
		await expect(transcript.locator('[data-role="user"]')).toHaveText(/Are you open on Sunday\?/)
		await expect(transcript.locator('[data-role="assistant"]').nth(1)).toContainText('Sunday closed')
		// A reply that cites its sources keeps them in the transcript, as in the spoken test.
		const conversationId = new URL(page.url()).searchParams.get('conversation')
		await sql(
			`INSERT INTO voice_messages (conversation_id, client_message_id, heard, reply, sources)
			 VALUES ($1, 'cited', 'Where are you?', 'On MG Road [1].', $2::jsonb)`,
			[conversationId, JSON.stringify([{ number: 1, title: 'Contact page', url: 'https://example.com/contact' }])],
		)
		await page.reload()
		await expect(transcript.getByTestId('voice-source').getByRole('link', { name: 'Contact page' })).toHaveAttribute(
			'href',
			'https://example.com/contact',
		)
		await sql(`DELETE FROM voice_messages WHERE conversation_id = $1 AND client_message_id = 'cited'`, [conversationId])
		// Reloading the page after the post sends nothing again (post, redirect, get).
		await page.reload()
		await expect(transcript.locator('[data-role="user"]')).toHaveCount(1)
		const [call] = await sql<{ call_status: string; transcript: string }>(
			`SELECT call_status, transcript FROM call_logs WHERE agent_id = $1`,
			[agentId],
		)
		expect(call.call_status).toBe('in-progress')
		expect(call.transcript).toContain('Caller: Are you open on Sunday?')
		await page.getByRole('button', { name: 'End conversation' }).click()
		// The spec's toast title, and what ending did.
		await expect(page.getByText('Disconnected')).toBeVisible()
		await expect(page.getByText('Call ended.')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Start a typed conversation' })).toBeVisible()
		expect(
			(await sql<{ call_status: string }>(`SELECT call_status FROM call_logs WHERE agent_id = $1`, [agentId]))[0]
				.call_status,
		).toBe('completed')
	})

	test("someone else's conversation is not shown, and its assistant's test cannot be posted to", async ({
		page,
		login,
		request,
	}) => {
		const owner = await createUser({ email: uniqueEmail('voice-typed-owner') })
		const agentId = await agentOf(owner.email, 'Private Desk')
		const [call] = await sql<{ id: string }>(
			`INSERT INTO call_logs (agent_id, agent_name, call_status, transcript) VALUES ($1, 'Private Desk', 'in-progress', 'Assistant: Secret greeting') RETURNING id`,
			[agentId],
		)
		await login()
		const response = await page.goto(`/playground/voicebots/${agentId}/test?conversation=${call.id}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByText('Secret greeting')).toHaveCount(0)
		const cookies = await page.context().cookies()
		const posted = await request.post(`/playground/voicebots/${agentId}/test`, {
			form: { intent: 'voice-start' },
			headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
			maxRedirects: 0,
		})
		expect(posted.status()).toBe(404)
	})
})
