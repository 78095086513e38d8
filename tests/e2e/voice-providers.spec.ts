import { expect, sql, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'

// Issue 32: the voice test says up front which speech-to-text hears the caller and which voice
// speaks the replies, and where the administrator changes them. The e2e server's speech-to-text is
// the fake Whisper of its environment (TRANSCRIBE_*); it sets no speech endpoint, so the browser speaks.

const STT = 'whisper-large-v3-turbo via a speech-to-text server (the server’s settings)'
const SPEECH = 'Your browser’s English voice'

async function agentOf(email: string, name: string) {
	const [row] = await sql<{ id: string }>(
		`INSERT INTO agents (user_id, name, instructions, first_message, voice_id)
		 SELECT id, $2, 'Be brief.', 'Hello!', 'nova' FROM users WHERE email = $1 RETURNING id`,
		[email, name],
	)
	return row.id
}

test('the test beside the assistant’s sections and the builder’s test dialog name the providers in use', async ({
	page,
	login,
}) => {
	// A browser with an English voice (headless Chromium's list differs from machine to machine).
	await page.addInitScript(() => {
		speechSynthesis.getVoices = () => [{ name: 'English', lang: 'en-US' }] as unknown as SpeechSynthesisVoice[]
	})
	const user = await login()
	const agentId = await agentOf(user.email, 'Provider Desk')
	await page.goto(`/playground/voicebots/${agentId}`)
	const notice = page.getByTestId('voice-providers')
	await expect(notice.getByTestId('voice-provider-stt')).toHaveText(STT)
	await expect(notice.getByTestId('voice-provider-speech')).toHaveText(SPEECH)
	// Its owner is not the administrator: told whom to ask, never linked to a page that answers 403.
	await expect(notice.getByTestId('voice-providers-change')).toHaveText(
		'Only the administrator of this site connects speech services: ask them to change these.',
	)
	await expectNoSeriousA11yViolations(page, '[data-testid="voice-providers"]')

	await page.goto('/playground/voicebots')
	await page.getByRole('button', { name: 'Test Provider Desk' }).click()
	const dialog = page.getByRole('dialog', { name: 'Test: Provider Desk' })
	await expect(dialog.getByTestId('voice-provider-stt')).toHaveText(STT)
	await expect(dialog.getByTestId('voice-provider-speech')).toHaveText(SPEECH)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })
	test('the providers are said even where the test itself needs JavaScript', async ({ page, login }) => {
		const user = await login()
		const agentId = await agentOf(user.email, 'Plain Desk')
		await page.goto(`/playground/voicebots/${agentId}/test`)
		await expect(page.getByTestId('voice-provider-stt')).toHaveText(STT)
		// Not known here whether this browser has a voice: said in the words used wherever the voice is
		// described (the Voice field's hint the same), never "where it has one" beside "has no English voice".
		await expect(page.getByTestId('voice-provider-speech')).toHaveText(
			'Your browser’s English voice (where it has none, replies are shown as text)',
		)
		await page.goto(`/playground/voicebots/${agentId}`)
		await expect(page.getByLabel('Voice', { exact: true })).toHaveAccessibleDescription(
			'Applies only with a speech server, and none is connected: until the administrator connects one, the browser’s voice for the assistant’s language speaks (where it has none, replies are shown as text).',
		)
	})
})
