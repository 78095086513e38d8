// Account flows an attacker or a forgetful user meets (docs/decisions/0013-account-security.md):
// single-use verification by POST, forgotten and changed passwords, with and without JavaScript.
import {
	createUser,
	expect,
	latestEmail,
	sessionCookieFor,
	signInWithForm,
	sql,
	test,
	uniqueEmail,
	verificationLink,
} from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'

async function resetLink(to: string) {
	const { text_body } = await latestEmail(to)
	const link = /https?:\/\/\S+\/auth\/reset-password\?token=\S+/.exec(text_body)?.[0]
	expect(link, text_body).toBeTruthy()
	return link!
}

for (const javaScriptEnabled of [true, false]) {
	test.describe(`passwords ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })

		test('forgot password: e-mailed link, new password, signed in, the old password and link stop working', async ({
			page,
			request,
		}) => {
			const { email } = await createUser({ password: 'first-pass-1' })
			const otherDevice = await sessionCookieFor(request, email, 'first-pass-1')

			await page.goto('/auth')
			await page.getByRole('link', { name: 'Forgot password?' }).click()
			await expect(page).toHaveURL(/\/auth\/forgot-password$/)
			const form = page.getByRole('form', { name: 'Forgot password' })
			await form.getByLabel('Email').fill(email)
			await form.getByRole('button', { name: 'Send reset link' }).click()
			await expect(page).toHaveURL(/\/auth$/)
			await expect(page.getByText('Check your email')).toBeVisible()

			const link = await resetLink(email)
			await page.goto(link)
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
			const reset = page.getByRole('form', { name: 'Set a new password' })
			await reset.getByLabel('New Password', { exact: true }).fill('password')
			await reset.getByLabel('Confirm Password', { exact: true }).fill('password')
			await reset.getByRole('button', { name: 'Set new password' }).click()
			await expect(page.getByText('This password is too common. Please choose another one.').first()).toBeVisible()

			await reset.getByLabel('New Password', { exact: true }).fill('second-pass-2')
			await reset.getByLabel('Confirm Password', { exact: true }).fill('second-pass-2')
			await reset.getByRole('button', { name: 'Set new password' }).click()
			await expect(page).toHaveURL(/\/playground$/)
			await expect(page.getByText('Password updated')).toBeVisible()

			// The other device was signed out; the link is spent.
			const other = await request.get('/playground', { headers: { Cookie: otherDevice }, maxRedirects: 0 })
			expect(other.status()).toBe(302)
			await page.goto(link)
			await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible()

			await page.goto('/playground')
			await page.getByRole('button', { name: 'Sign Out' }).click()
			await signInWithForm(page, email, 'first-pass-1')
			await expect(page.getByText('Invalid email or password.')).toBeVisible()
			await signInWithForm(page, email, 'second-pass-2')
			await expect(page).toHaveURL(/\/playground$/)
		})

		test('after Create Account, a lasting "Check your inbox" page names the address and resends the link', async ({
			page,
		}) => {
			const email = uniqueEmail('inbox')
			await page.goto('/auth?tab=signup')
			const form = page.getByRole('form', { name: 'Sign Up' })
			await form.getByLabel('Full Name').fill('Inbox Person')
			await form.getByLabel('Email').fill(email)
			await form.getByLabel('Password', { exact: true }).fill('inbox-pass-1')
			await form.getByLabel('Confirm Password', { exact: true }).fill('inbox-pass-1')
			await form.getByRole('button', { name: 'Create Account' }).click()
			await expect(page).toHaveURL(/\/auth\/check-email$/)
			await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
			await expect(page.getByText('Account created!')).toBeVisible()
			await expect(page.getByText(email)).toBeVisible()
			if (javaScriptEnabled) await expectNoSeriousA11yViolations(page)
			const first = await verificationLink(email)

			await page.getByRole('button', { name: 'Resend the link' }).click()
			await expect(page.getByText('Link sent')).toBeVisible()
			await expect
				.poll(async () => (await sql(`SELECT 1 FROM email_outbox WHERE to_address = $1`, [email])).length)
				.toBe(2)
			const second = await verificationLink(email)
			expect(second).not.toBe(first)
			await page.goto(first)
			await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible()

			// An address that has an account gets the same page; its e-mail says so.
			const { email: taken } = await createUser()
			await page.goto('/auth?tab=signup')
			await form.getByLabel('Full Name').fill('Someone Else')
			await form.getByLabel('Email').fill(taken)
			await form.getByLabel('Password', { exact: true }).fill('other-pass-1')
			await form.getByLabel('Confirm Password', { exact: true }).fill('other-pass-1')
			await form.getByRole('button', { name: 'Create Account' }).click()
			await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
			await expect(page.getByText(taken)).toBeVisible()
			expect((await latestEmail(taken)).subject).toContain('already have')
		})

		test('change password from the Account page; other sessions end, this one stays', async ({ page, request }) => {
			const { email } = await createUser({ password: 'first-pass-1' })
			const otherDevice = await sessionCookieFor(request, email, 'first-pass-1')
			await signInWithForm(page, email, 'first-pass-1')
			await expect(page).toHaveURL(/\/playground$/)
			await page.getByRole('link', { name: 'Account' }).click()
			await expect(page).toHaveURL(/\/playground\/account$/)
			const form = page.getByRole('form', { name: 'Change password' })
			await form.getByLabel('Current Password', { exact: true }).fill('not-my-password')
			await form.getByLabel('New Password', { exact: true }).fill('second-pass-2')
			await form.getByLabel('Confirm Password', { exact: true }).fill('second-pass-2')
			await form.getByRole('button', { name: 'Change password' }).click()
			await expect(page.getByText('Current password is incorrect.').first()).toBeVisible()

			await form.getByLabel('Current Password', { exact: true }).fill('first-pass-1')
			await form.getByLabel('New Password', { exact: true }).fill('second-pass-2')
			await form.getByLabel('Confirm Password', { exact: true }).fill('second-pass-2')
			await form.getByRole('button', { name: 'Change password' }).click()
			await expect(page.getByText('Password changed')).toBeVisible()
			await page.goto('/playground')
			await expect(page).toHaveURL(/\/playground$/)
			const other = await request.get('/playground', { headers: { Cookie: otherDevice }, maxRedirects: 0 })
			expect(other.status()).toBe(302)
		})
	})
}

test('a verification link works once, and only the newest one works', async ({ page, request }) => {
	const email = uniqueEmail('relink')
	const signUp = (password: string) =>
		request.post('/auth', {
			form: { intent: 'signup', fullName: 'Re Link', email, password, confirmPassword: password },
			maxRedirects: 0,
		})
	expect((await signUp('squatter-pass')).status()).toBe(302)
	const first = await verificationLink(email)
	await expect.poll(async () => (await sql(`SELECT 1 FROM email_outbox WHERE to_address = $1`, [email])).length).toBe(1)
	expect((await signUp('owner-pass-1')).status()).toBe(302)
	await expect.poll(async () => (await sql(`SELECT 1 FROM email_outbox WHERE to_address = $1`, [email])).length).toBe(2)
	const second = await verificationLink(email)
	expect(second).not.toBe(first)

	await page.goto(first)
	await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible()
	await page.goto(second)
	await expectNoSeriousA11yViolations(page)
	await page.getByRole('button', { name: 'Verify email' }).click()
	await expect(page).toHaveURL(/\/playground$/)

	// Spent: a replayed POST signs nobody in (no login CSRF with an old link).
	const token = new URL(second).searchParams.get('token')!
	const replay = await request.post('/auth/verify', { form: { token }, maxRedirects: 0 })
	expect(replay.headers()['location']).toBe('/auth')
	expect(
		replay.headersArray().some((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('session=')),
	).toBe(false)
})

test('the account pages have no serious accessibility violations', async ({ page, login }) => {
	await page.goto('/auth/forgot-password')
	await expectNoSeriousA11yViolations(page)
	await login()
	await page.goto('/playground/account')
	await expectNoSeriousA11yViolations(page)
})
