import { createUser, expect, latestEmail, signInWithForm, test, uniqueEmail, verificationLink } from './fixtures.ts'
import { expectIslandLive, expectNoSeriousA11yViolations, recordCspViolations } from './helpers.ts'

for (const javaScriptEnabled of [true, false]) {
	test.describe(`accounts ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
		test.use({ javaScriptEnabled })

		test('sign up, verify by e-mail, land on the Playground, sign out, sign in again', async ({ page }) => {
			const email = uniqueEmail('signup')
			await page.goto('/auth')
			await page.getByRole('link', { name: 'Sign Up' }).click()
			const form = page.getByRole('form', { name: 'Sign Up' })
			await form.getByLabel('Full Name').fill('Asha Verma')
			await form.getByLabel('Email').fill(email)
			await form.getByLabel('Password', { exact: true }).fill('secret123')
			await form.getByLabel('Confirm Password', { exact: true }).fill('secret123')
			await form.getByRole('button', { name: 'Create Account' }).click()
			await expect(page.getByText('Account created!')).toBeVisible()
			await expect(page.getByText('Please check your email to verify your account.')).toBeVisible()

			// Not verified yet: sign-in says why.
			await signInWithForm(page, email, 'secret123')
			await expect(page.getByText('Sign in failed')).toBeVisible()
			await expect(page.getByText(/verify your email address first/)).toBeVisible()

			const link = await verificationLink(email)
			expect(new URL(link).pathname).toBe('/auth/verify')
			// Opening the link changes nothing; the button does (a POST from this site).
			await page.goto(link)
			await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible()
			await page.getByRole('button', { name: 'Verify email' }).click()
			await expect(page).toHaveURL(/\/playground$/)
			await expect(page.getByRole('heading', { name: 'AI Playground' })).toBeVisible()
			await expect(page.getByText('Welcome back, Asha Verma')).toBeVisible()
			await expect(page.getByText('Create Your AI Assistant')).toBeVisible()

			await page.getByRole('button', { name: 'Sign Out' }).click()
			await expect(page).toHaveURL(/\/auth$/)
			await expect(page.getByText('Signed out')).toBeVisible()
			await page.goto('/playground')
			await expect(page).toHaveURL(/\/auth$/)

			await signInWithForm(page, email, 'secret123')
			await expect(page).toHaveURL(/\/playground$/)
			await expect(page.getByText('Welcome back!')).toBeVisible()
			await expect(page.getByText('You have successfully signed in.')).toBeVisible()
		})

		test('wrong password and unknown e-mail get the same answer', async ({ page }) => {
			const { email } = await createUser()
			await signInWithForm(page, email, 'wrong-password')
			await expect(page.getByText('Sign in failed')).toBeVisible()
			await expect(page.getByText('Invalid email or password.')).toBeVisible()
			await signInWithForm(page, uniqueEmail('nobody'), 'whatever1')
			await expect(page.getByText('Invalid email or password.')).toBeVisible()
		})

		test('a signed-in visitor skips /auth; an anonymous one is sent there and back', async ({ page }) => {
			const { email, password } = await createUser({ fullName: null })
			await page.goto('/playground/voicebots')
			await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fplayground%2Fvoicebots$/)
			await signInWithForm(page, email, password)
			await expect(page).toHaveURL(/\/playground$/)
			await page.goto('/auth')
			await expect(page).toHaveURL(/\/playground$/)
			await expect(page.getByText(`Welcome back, ${email}`)).toBeVisible()
		})
	})
}

test('after signing in, the visitor lands where they were going', async ({ page }) => {
	const { email, password } = await createUser()
	await page.goto('/playground/voicebots')
	const form = page.getByRole('form', { name: 'Sign In' })
	await form.getByLabel('Email').fill(email)
	await form.getByLabel('Password', { exact: true }).fill(password)
	await form.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).toHaveURL(/\/playground\/voicebots$/)
	await expect(page.getByRole('link', { name: 'Voicebot Builder' })).toHaveAttribute('aria-current', 'page')
})

test('a redirect target off this site is ignored', async ({ request }) => {
	const { email, password } = await createUser()
	const response = await request.post('/auth', {
		form: { intent: 'signin', email, password, redirectTo: '//evil.example/steal' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	expect(response.headers()['location']).toBe('/playground')
})

test('password mismatch: toast, and nothing is sent', async ({ page }) => {
	await page.goto('/auth?tab=signup')
	// The form checks fields in the browser once live (ADR 0021); before, the server does.
	await expectIslandLive(page, 'sign-up-form')
	let posts = 0
	page.on('request', (r) => {
		if (r.method() === 'POST') posts++
	})
	const form = page.getByRole('form', { name: 'Sign Up' })
	await form.getByLabel('Full Name').fill('Asha')
	await form.getByLabel('Email').fill(uniqueEmail())
	await form.getByLabel('Password', { exact: true }).fill('secret123')
	await form.getByLabel('Confirm Password', { exact: true }).fill('secret124')
	await form.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByRole('status').getByText('Password mismatch')).toBeVisible()
	await expect(page.getByRole('status').getByText('Passwords do not match')).toBeVisible()
	await expect(form.getByText('Passwords do not match')).toBeVisible()
	expect(posts).toBe(0)
})

test('validation rules, checked in the browser before sending', async ({ page }) => {
	// The browser checks with the server's zod schemas, inside the CSP: zod must not try eval.
	const violations = await recordCspViolations(page)
	await page.goto('/auth')
	await expectIslandLive(page, 'sign-in-form')
	const signIn = page.getByRole('form', { name: 'Sign In' })
	await signIn.getByRole('button', { name: 'Sign In' }).click()
	await expect(signIn.getByText('Email is required')).toBeVisible()
	await expect(signIn.getByText('Password is required')).toBeVisible()
	await expect(signIn.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')

	await page.getByRole('link', { name: 'Sign Up' }).click()
	await expectIslandLive(page, 'sign-up-form')
	const signUp = page.getByRole('form', { name: 'Sign Up' })
	await signUp.getByLabel('Email').fill('not-an-email')
	await signUp.getByLabel('Password', { exact: true }).fill('12345')
	await signUp.getByRole('button', { name: 'Create Account' }).click()
	await expect(signUp.getByText('Full Name is required')).toBeVisible()
	await expect(signUp.getByText('Please enter a valid email address')).toBeVisible()
	await expect(signUp.getByText('Password must be at least 6 characters')).toBeVisible()
	await expect(signUp.getByText('Confirm Password is required')).toBeVisible()
	expect(await violations()).toEqual([])
})

test('validation rules, enforced by the server too (a form post that skips the browser)', async ({ request }) => {
	const cases: Array<[Record<string, string>, string]> = [
		[{ intent: 'signin', email: '', password: '' }, 'Email is required'],
		[{ intent: 'signin', email: 'a@example.com', password: '' }, 'Password is required'],
		[
			{ intent: 'signup', fullName: '', email: 'a@example.com', password: 'secret1', confirmPassword: 'secret1' },
			'Full Name is required',
		],
		[
			{ intent: 'signup', fullName: 'A', email: 'nope', password: 'secret1', confirmPassword: 'secret1' },
			'Please enter a valid email address',
		],
		[
			{ intent: 'signup', fullName: 'A', email: 'a@example.com', password: '12345', confirmPassword: '12345' },
			'Password must be at least 6 characters',
		],
		[
			{ intent: 'signup', fullName: 'A', email: 'a@example.com', password: 'secret1', confirmPassword: 'secret2' },
			'Passwords do not match',
		],
		[
			{
				intent: 'signup',
				fullName: 'A',
				email: 'a@example.com',
				password: 'x'.repeat(73),
				confirmPassword: 'x'.repeat(73),
			},
			'Password must be at most 72 bytes',
		],
	]
	for (const [form, message] of cases) {
		const response = await request.post('/auth', { form })
		expect(response.status(), message).toBe(400)
		expect(await response.text(), message).toContain(message)
	}
	const mismatch = await request.post('/auth', { form: cases[5][0] })
	expect(await mismatch.text()).toContain('Password mismatch')
	expect(await request.post('/auth', { form: cases[0][0] }).then((r) => r.text())).toContain('Sign in failed')
	expect(await request.post('/auth', { form: cases[2][0] }).then((r) => r.text())).toContain('Sign up failed')
	// Nothing half-written: none of these created a user.
	expect(await (await request.get('/healthz')).text()).toBe('OK')
})

test('busy labels while the server works', async ({ page }) => {
	const { email, password } = await createUser()
	// The forms post as page navigations, during which Playwright waits for the next page: the page
	// notes its submit button just after sending, in sessionStorage, which the next page can read.
	const noteBusyLabel = () =>
		page.evaluate(() =>
			document.addEventListener(
				'submit',
				() =>
					setTimeout(() => {
						const button = document.querySelector<HTMLButtonElement>('form button[type="submit"]')
						sessionStorage.setItem('busy', `${button?.textContent} ${button?.disabled ? 'disabled' : 'enabled'}`)
					}),
				true,
			),
		)
	await page.route(/\/auth(\?.*)?$/, async (route) => {
		if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 500))
		await route.continue()
	})
	await page.goto('/auth')
	await expectIslandLive(page, 'sign-in-form')
	const signIn = page.getByRole('form', { name: 'Sign In' })
	await signIn.getByLabel('Email').fill(email)
	await signIn.getByLabel('Password', { exact: true }).fill(password)
	await noteBusyLabel()
	await signIn.getByRole('button', { name: 'Sign In' }).click()
	await expect(page).toHaveURL(/\/playground$/)
	expect(await page.evaluate(() => sessionStorage.getItem('busy'))).toBe('Signing in... disabled')

	await page.getByRole('button', { name: 'Sign Out' }).click()
	await page.getByRole('link', { name: 'Sign Up' }).click()
	await expectIslandLive(page, 'sign-up-form')
	const signUp = page.getByRole('form', { name: 'Sign Up' })
	await signUp.getByLabel('Full Name').fill('Busy Bee')
	await signUp.getByLabel('Email').fill(uniqueEmail('busy'))
	await signUp.getByLabel('Password', { exact: true }).fill('secret123')
	await signUp.getByLabel('Confirm Password', { exact: true }).fill('secret123')
	await noteBusyLabel()
	await signUp.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Account created!')).toBeVisible()
	expect(await page.evaluate(() => sessionStorage.getItem('busy'))).toBe('Creating account... disabled')
})

test('show/hide toggles are separate for Password and Confirm Password', async ({ page }) => {
	await page.goto('/auth?tab=signup')
	const password = page.getByLabel('Password', { exact: true })
	const confirm = page.getByLabel('Confirm Password', { exact: true })
	await expect(password).toHaveAttribute('type', 'password')
	await page.getByRole('button', { name: 'Show password' }).click()
	await expect(password).toHaveAttribute('type', 'text')
	await expect(confirm).toHaveAttribute('type', 'password')
	await page.getByRole('button', { name: 'Show confirm password' }).click()
	await expect(confirm).toHaveAttribute('type', 'text')
	await page.getByRole('button', { name: 'Hide password' }).click()
	await expect(password).toHaveAttribute('type', 'password')
})

test('signing up with an address that has an account reveals nothing', async ({ page }) => {
	const { email } = await createUser()
	await page.goto('/auth?tab=signup')
	const form = page.getByRole('form', { name: 'Sign Up' })
	await form.getByLabel('Full Name').fill('Someone Else')
	await form.getByLabel('Email').fill(email)
	await form.getByLabel('Password', { exact: true }).fill('another1')
	await form.getByLabel('Confirm Password', { exact: true }).fill('another1')
	await form.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByText('Account created!')).toBeVisible()
	expect((await latestEmail(email)).subject).toContain('already have')
})

test('failed sign-ins are rate limited per account with a clear 429', async ({ request }) => {
	const { email } = await createUser()
	for (let i = 0; i < 10; i++) {
		const response = await request.post('/auth', { form: { intent: 'signin', email, password: 'wrong-one' } })
		expect(response.status()).toBe(401)
	}
	const limited = await request.post('/auth', { form: { intent: 'signin', email, password: 'wrong-one' } })
	expect(limited.status()).toBe(429)
	expect(await limited.text()).toContain('Too many attempts. Please try again in')
})

test('session and flash cookies: HttpOnly, SameSite=Lax, Secure', async ({ request }) => {
	const { email, password } = await createUser()
	const response = await request.post('/auth', { form: { intent: 'signin', email, password }, maxRedirects: 0 })
	const cookies = response
		.headersArray()
		.filter((h) => h.name.toLowerCase() === 'set-cookie')
		.map((h) => h.value)
	expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['device', 'session', 'toast'])
	for (const cookie of cookies) {
		expect(cookie).toContain('HttpOnly')
		expect(cookie).toContain('SameSite=Lax')
		expect(cookie).toContain('Secure')
	}
	expect(cookies.find((c) => c.startsWith('session='))).toContain('Max-Age=2592000')
})

test('an invalid verification link explains itself', async ({ page }) => {
	await page.goto('/auth/verify?token=forged.token')
	await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible()
	await expect(page.getByText('This link is invalid, has expired or has already been used.')).toBeVisible()
	await page.getByRole('link', { name: 'Go to Sign In' }).click()
	await expect(page).toHaveURL(/\/auth$/)
})

test('the auth page has no serious accessibility violations', async ({ page }) => {
	await page.goto('/auth')
	await expectNoSeriousA11yViolations(page)
	await page.goto('/auth?tab=signup')
	await expectNoSeriousA11yViolations(page)
})
