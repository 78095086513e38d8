// What owners see of their chatbot's conversations: a visitor chats through the embed on another
// origin, rates answers, hits an "I don't know" and leaves their details; the owner watches the
// conversation arrive live, reads each answer's retrieval trace, answers the unanswered question
// (after which the bot answers it), finds the lead in the list and the CSV, and a webhook receiver
// gets the signed lead after a first 500. Without JavaScript the owner's pages work too.
import crypto from 'node:crypto'
import http from 'node:http'
import type { APIRequestContext } from '@playwright/test'
import { expect, sql, test, useSessionIn, sessionCookieDirect } from './fixtures.ts'
import { createShopChatbot as createChatbot, expectNoSeriousA11yViolations, expectTextIndexed } from './helpers.ts'
import { E2E_EMBED_HOST_PORT, E2E_WEBHOOK_PORT } from './ports.ts'

const SITE = `http://127.0.0.1:${E2E_EMBED_HOST_PORT}`

/** A receiver for lead webhooks: answers 500 to the first delivery, 204 after. */
async function startWebhookReceiver() {
	const received: Array<{ signature: string; timestamp: string; body: string }> = []
	const server = http.createServer((request, response) => {
		let body = ''
		request.on('data', (chunk) => (body += chunk))
		request.on('end', () => {
			received.push({
				signature: String(request.headers['x-zenvora-signature']),
				timestamp: String(request.headers['x-zenvora-timestamp']),
				body,
			})
			response.writeHead(received.length === 1 ? 500 : 204).end()
		})
	})
	await new Promise<void>((resolve) => server.listen(E2E_WEBHOOK_PORT, '127.0.0.1', resolve))
	return { received, close: () => new Promise((resolve) => server.close(resolve)) }
}

test('a visitor chats on another site; the owner sees it live, with traces, feedback, the unanswered question and the lead', async ({
	page: owner,
	context,
	login,
}) => {
	test.slow() // a whole journey: the widget on another origin, five owner pages, a webhook retry
	const receiver = await startWebhookReceiver()
	try {
		await login()
		const id = await createChatbot(owner, 'Parcel Pal')
		const base = `/playground/chatbots/${id}`

		// The widget asks for contact details when a visitor asks for a person, and runs on the partner site only.
		await owner.goto(`${base}/widget`)
		const widget = owner.getByRole('region', { name: 'Widget on your site' })
		await widget.getByLabel('Ask for contact details').selectOption('human')
		await widget.getByLabel('Allowed sites').fill(`127.0.0.1:${E2E_EMBED_HOST_PORT}`)
		await widget.getByRole('button', { name: 'Save widget' }).click()
		// Saves share two cores with the other specs' load (the lock and pool tests): a generous wait.
		await expect(owner.getByText('Widget saved')).toBeVisible({ timeout: 15_000 })

		// New leads go to a webhook, signed with a key shown to the owner.
		await owner.goto(`${base}/leads`)
		await owner.getByLabel('Webhook address').fill(`http://127.0.0.1:${E2E_WEBHOOK_PORT}/hook`)
		await owner.getByRole('button', { name: 'Save webhook' }).click()
		await expect(owner.getByText('Webhook saved')).toBeVisible({ timeout: 15_000 })
		const secret = (await owner.getByTestId('webhook-secret').textContent())!.trim()
		expect(secret).toMatch(/^whsec_/)

		// The owner keeps the Conversations page open.
		await owner.getByRole('link', { name: 'Conversations', exact: true }).click()
		await expect(owner.getByText(/No conversations yet/)).toBeVisible()
		await expectNoSeriousA11yViolations(owner)

		// A visitor on the partner site's pricing page.
		const visitor = await context.newPage()
		await visitor.goto(`${SITE}/pricing?id=${id}`)
		await visitor.getByRole('button', { name: 'Open chat' }).click()
		const chat = visitor.frameLocator('iframe[title="Chat"]')
		const input = chat.getByRole('textbox', { name: 'Ask Parcel Pal a question' })
		const lastAnswer = chat.locator('[data-role="assistant"]').last()
		await input.fill('How long does delivery take?')
		await input.press('Enter')
		await expect(lastAnswer).toContainText('three to five working days', { timeout: 10_000 })
		await lastAnswer.getByRole('button', { name: 'Helpful', exact: true }).click()
		await expect(lastAnswer.getByText('Thanks for the feedback')).toBeVisible()

		// The conversation appears on the owner's page without a reload.
		const list = owner.getByTestId('conversation-list')
		await expect(list.getByText('How long does delivery take?')).toBeVisible({ timeout: 10_000 })

		// Something the knowledge does not say: an "I don't know", marked unhelpful with a comment.
		await input.fill('Do you sell gift cards?')
		await input.press('Enter')
		await expect(lastAnswer).toContainText("I don't know", { timeout: 10_000 })
		await lastAnswer.getByRole('button', { name: 'Not helpful' }).click()
		await lastAnswer.getByLabel('What was wrong with this answer?').fill('I wanted a gift card')
		await lastAnswer.getByRole('button', { name: 'Send', exact: true }).click()
		await expect(lastAnswer.getByText('Thanks for the feedback')).toBeVisible()
		await expect(list.getByText('1 unanswered')).toBeVisible({ timeout: 10_000 })

		// Asking for a person brings the lead form, offered by the chat instead of an "I don't know";
		// its fields are checked before anything is sent.
		await input.fill('I want to speak to a person')
		await input.press('Enter')
		const leadForm = chat.getByRole('region', { name: 'Leave your details' })
		await expect(leadForm).toBeVisible({ timeout: 10_000 })
		await expect(lastAnswer).toHaveText(
			/Of course\. Leave your details below and a person from the team will get back to you\./,
		)
		await expect(lastAnswer).not.toContainText("I don't know")
		await leadForm.getByLabel('E-mail').fill('not-an-address')
		await leadForm.getByRole('button', { name: 'Send details' }).click()
		await expect(leadForm.getByText('Enter a valid e-mail address.')).toBeVisible()
		await leadForm.getByLabel(/Name/).fill('Asha Rao')
		await leadForm.getByLabel('E-mail').fill('asha@example.com')
		await leadForm.getByRole('button', { name: 'Send details' }).click()
		await expect(leadForm).toBeHidden()
		// The chat says it was received.
		await expect(lastAnswer).toHaveText(/Thank you\. The team has your details and will be in touch\.$/)

		// The webhook: a 500 first, then the retry, signed with the chatbot's key.
		await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2)
		const delivered = receiver.received[1]
		const expected = crypto
			.createHmac('sha256', secret)
			.update(`${delivered.timestamp}.${delivered.body}`)
			.digest('hex')
		expect(delivered.signature).toBe(`sha256=${expected}`)
		expect(JSON.parse(delivered.body)).toMatchObject({
			event: 'lead.created',
			lead: { name: 'Asha Rao', email: 'asha@example.com', pageUrl: `${SITE}/pricing` },
		})

		// The conversation with each answer's trace and the visitor's feedback.
		await list.getByText('How long does delivery take?').click()
		await expect(owner.getByText(`${SITE}/pricing`, { exact: true })).toBeVisible()
		const answers = owner.getByTestId('stored-answer')
		// Two answers; the lead form's offer is the chatbot's notice, not an answer (no model, no passages).
		await expect(answers).toHaveCount(2)
		await expect(owner.locator('li[data-notice]')).toHaveCount(1)
		await expect(answers.nth(0).getByText('Visitor found this helpful')).toBeVisible()
		await answers
			.nth(0)
			.getByText(/Retrieved passages/)
			.click()
		await expect(answers.nth(0).getByTestId('retrieval-trace')).toContainText('We deliver across India')
		await expect(answers.nth(0).getByTestId('retrieval-trace')).toContainText(/Score \d+\.\d\d/)
		await expect(answers.nth(1).getByText('Did not answer')).toBeVisible()
		await expect(answers.nth(1).getByText(/Visitor found this unhelpful: “I wanted a gift card”/)).toBeVisible()
		await expectNoSeriousA11yViolations(owner)

		// The unanswered question, answered by the owner.
		await owner.getByRole('link', { name: 'Unanswered' }).click()
		const group = owner
			.getByTestId('unanswered-groups')
			.getByRole('listitem')
			.filter({ hasText: 'Do you sell gift cards?' })
		await expect(group).toBeVisible()
		await expectNoSeriousA11yViolations(owner)
		await group
			.getByLabel('Answer to “Do you sell gift cards?”')
			.fill('Yes: gift cards from 500 to 5,000 rupees, sold at checkout.')
		await group.getByRole('button', { name: 'Add an answer' }).click()
		await expect(owner.getByText('Answer added to the knowledge')).toBeVisible()
		await expect(owner.getByText('Do you sell gift cards?')).toBeHidden()

		// The next visitor who asks gets the answer, once the job has indexed it (its Knowledge says Ready).
		await owner.goto(base)
		await expectTextIndexed(owner)
		await owner.goto(`${base}/unanswered`)
		await chat.getByRole('button', { name: 'New conversation' }).click()
		await input.fill('Do you sell gift cards?')
		await input.press('Enter')
		await expect(lastAnswer).toContainText('500 to 5,000 rupees', { timeout: 10_000 })

		// The lead, in the list and the CSV; the deliveries, with the failed first attempt.
		await owner.getByRole('link', { name: 'Leads' }).click()
		await expect(owner.getByTestId('leads-table')).toContainText('asha@example.com')
		const csv = await owner.request.get(`${base}/leads.csv`)
		expect(csv.headers()['content-type']).toContain('text/csv')
		expect(await csv.text()).toContain(`Asha Rao,asha@example.com,,${SITE}/pricing`)
		const deliveries = owner.getByTestId('webhook-deliveries')
		await expect(deliveries).toContainText('Delivered · HTTP 204')
		await expect(deliveries).toContainText('Failed · HTTP 500')
		await expectNoSeriousA11yViolations(owner)

		// Insights: the period's numbers and the chart.
		await owner.getByRole('link', { name: 'Insights' }).click()
		const tiles = owner.getByTestId('insight-tiles')
		await expect(tiles).toContainText('Conversations')
		await expect(owner.getByTestId('activity-chart').locator('canvas')).toBeVisible()
		await expect(owner.getByText('How long does delivery take?')).toBeVisible()
		await expectNoSeriousA11yViolations(owner)
	} finally {
		await receiver.close()
	}
})

/** The embed's token for the partner site, as its iframe gets it. */
async function embedToken(request: APIRequestContext, id: string) {
	const response = await request.get(`/embed/${id}`, { headers: { 'Sec-Fetch-Dest': 'iframe', Referer: `${SITE}/` } })
	return new RegExp(`${id}\\.[A-Za-z0-9_-]*\\.\\d+\\.[A-Za-z0-9_-]+`).exec(await response.text())![0]
}

test('past the live-stream cap the feed is refused with 429, and the page opens it again once a place is free', async ({
	page: owner,
	login,
	baseURL,
}) => {
	test.slow() // waits out the page's first retry (5 s)
	const user = await login()
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
		 SELECT id, 'Busy Pal', 'We open at 9.', '' FROM users WHERE email = $1 RETURNING id`,
		[user.email],
	)
	const feed = `/playground/chatbots/${id}/conversations/events`
	// Ten streams held open elsewhere (other tabs), by the same user: the cap.
	const cookie = await sessionCookieDirect(user.email)
	const held = await Promise.all(
		Array.from(
			{ length: 10 },
			() =>
				new Promise<http.ClientRequest>((resolve, reject) => {
					const request = http.get(`${baseURL}${feed}`, { headers: { Cookie: cookie } }, (response) => {
						if (response.statusCode === 200) resolve(request)
						else reject(new Error(`held stream answered ${response.statusCode}`))
					})
					request.on('error', reject)
				}),
		),
	)
	const isFeed = (response: { url: () => string }) => response.url().endsWith(feed)
	const refused = owner.waitForResponse(isFeed)
	await owner.goto(`/playground/chatbots/${id}/conversations`)
	expect((await refused).status()).toBe(429)
	// The page does not claim to be live while its feed is refused.
	await expect(owner.getByText('New conversations appear when you reload the page.')).toBeVisible()
	await expect(owner.getByText('Live: new conversations appear as they happen.')).toHaveCount(0)
	// The other tabs close; the page tries again by itself (EventSource alone would not after a 429).
	const reopened = owner.waitForResponse((response) => isFeed(response) && response.status() === 200, {
		timeout: 30_000,
	})
	for (const request of held) request.destroy()
	await reopened
	await expect(owner.getByText('Live: new conversations appear as they happen.')).toBeVisible()
	// And it is live again: a new conversation shows without a reload.
	const [{ id: conversationId }] = await sql<{ id: string }>(
		`INSERT INTO chatbot_conversations (chatbot_id, client_id, visitor_id, kind, message_count)
		 VALUES ($1, 'conv-live-000001', 'visitor-live-0001', 'embed', 1) RETURNING id`,
		[id],
	)
	await sql(`INSERT INTO chatbot_messages (conversation_id, chatbot_id, role, text) VALUES ($1, $2, 'user', $3)`, [
		conversationId,
		id,
		'Do you open on Sundays?',
	])
	await sql(`UPDATE chatbot_conversations SET last_message_at = now() WHERE id = $1`, [conversationId])
	await expect(owner.getByTestId('conversation-list')).toContainText('Do you open on Sundays?', { timeout: 15_000 })
})

test.describe('without JavaScript', () => {
	test("the owner's pages: list, filter, conversation, add an answer, leads, insights, delete", async ({
		browser,
		page,
		login,
		request,
		baseURL,
	}) => {
		test.slow() // seven owner pages and a dozen API calls: past 30 s on the busy 2-core CI machine
		const user = await login()
		const id = await createChatbot(page, 'Plain Pal')
		const base = `/playground/chatbots/${id}`
		// Two visitors' conversations, through the embed's API as the widget sends them.
		const token = await embedToken(request, id)
		for (const [conversationId, question] of [
			['conv-nojs-00001', 'How long does delivery take?'],
			['conv-nojs-00002', 'Do you sell gift cards?'],
		]) {
			const response = await request.post(`/api/embed/${id}/chat`, {
				headers: { Origin: baseURL!, 'x-embed-token': token },
				data: {
					conversationId,
					visitorId: 'visitor-nojs-0001',
					page: '/contact',
					messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: question }] }],
				},
			})
			expect(response.status()).toBe(200)
			await response.text()
		}
		await expect
			.poll(async () => (await sql(`SELECT count(*)::int AS n FROM chatbot_messages WHERE chatbot_id = $1`, [id]))[0].n)
			.toBe(4)
		// Feedback and leads with the token but a bad body: a clear 4xx, nothing stored.
		const embedPost = (what: string, data: string) =>
			request.post(`/api/embed/${id}/${what}`, {
				headers: { Origin: baseURL!, 'x-embed-token': token, 'Content-Type': 'application/json' },
				data,
			})
		const [answerId] = (
			await sql<{ id: string }>(`SELECT id FROM chatbot_messages WHERE chatbot_id = $1 AND role = 'assistant'`, [id])
		).map((row) => row.id)
		expect((await embedPost('feedback', '{"rating": "up"')).status()).toBe(400)
		expect(
			(await embedPost('feedback', JSON.stringify({ visitorId: 'x', messageId: answerId, rating: 'meh' }))).status(),
		).toBe(400)
		const stranger = JSON.stringify({ visitorId: 'visitor-not-mine', messageId: answerId, rating: 'up' })
		expect((await embedPost('feedback', stranger)).status()).toBe(404)
		expect((await embedPost('lead', JSON.stringify({ email: 'a@b.co' }))).status()).toBe(404)
		expect(
			(
				await sql(`SELECT count(*)::int AS n FROM chatbot_messages WHERE chatbot_id = $1 AND feedback IS NOT NULL`, [
					id,
				])
			)[0].n,
		).toBe(0)

		const context = await browser.newContext({ javaScriptEnabled: false })
		await useSessionIn(context, baseURL!, await sessionCookieDirect(user.email))
		const owner = await context.newPage()
		await owner.goto(`${base}/conversations`)
		const list = owner.getByTestId('conversation-list')
		await expect(list.getByRole('listitem')).toHaveCount(2)
		await owner.getByLabel('Show', { exact: true }).selectOption('unanswered')
		await owner.getByRole('button', { name: 'Apply' }).click()
		await expect(owner).toHaveURL(/filter=unanswered/)
		await expect(list.getByRole('listitem')).toHaveCount(1)
		await expect(list).toContainText('Do you sell gift cards?')
		await owner.getByLabel('Search messages').fill('delivery')
		await owner.getByLabel('Show', { exact: true }).selectOption('all')
		await owner.getByRole('button', { name: 'Apply' }).click()
		await expect(list.getByRole('listitem')).toHaveCount(1)
		await expect(list).toContainText('How long does delivery take?')

		// The conversation and its trace (a details element: no script needed).
		await list.getByText('How long does delivery take?').click()
		await owner.getByText(/Retrieved passages/).click()
		await expect(owner.getByTestId('retrieval-trace')).toContainText('We deliver across India')

		// Adding an answer posts the form and comes back with the toast.
		await owner.goto(`${base}/unanswered`)
		await owner.getByLabel('Answer to “Do you sell gift cards?”').fill('Yes, from 500 rupees.')
		await owner.getByRole('button', { name: 'Add an answer' }).click()
		await expect(owner.getByText('Answer added to the knowledge')).toBeVisible()
		await expect(owner.getByText(/Nothing unanswered/)).toBeVisible()

		// An empty answer is refused with a message, nothing saved.
		await sql(`UPDATE chatbot_messages SET resolved_at = NULL WHERE chatbot_id = $1`, [id])
		await owner.reload()
		await owner.getByRole('button', { name: 'Add an answer' }).click()
		await expect(owner.getByText('Write the answer.').first()).toBeVisible()

		// A webhook address that is not one is refused.
		await owner.goto(`${base}/leads`)
		await expect(owner.getByText('No leads yet.')).toBeVisible()
		await owner.getByLabel('Webhook address').fill('ftp://example.com')
		await owner.getByRole('button', { name: 'Save webhook' }).click()
		await expect(owner.getByText('Enter an address that starts with https://.').first()).toBeVisible()

		await owner.goto(`${base}/insights?days=7`)
		await expect(owner.getByTestId('insight-tiles')).toContainText('50%')
		await expect(owner.getByTestId('activity-table').getByRole('row')).toHaveCount(8)

		// Deleting every conversation, behind its confirmation.
		await owner.goto(`${base}/conversations`)
		await owner.getByRole('link', { name: 'Delete all conversations' }).click()
		await owner.getByRole('button', { name: 'Delete all conversations' }).click()
		await expect(owner.getByText('2 conversations deleted')).toBeVisible()
		await expect(owner.getByText(/No conversations yet/)).toBeVisible()

		// Someone else's chatbot: the same 404 as a missing one, on every page.
		const strangerContext = await browser.newContext({ javaScriptEnabled: false })
		await useSessionIn(strangerContext, baseURL!, await sessionCookieDirect((await login()).email))
		const other = await strangerContext.newPage()
		for (const path of ['conversations', 'unanswered', 'leads', 'insights', 'leads.csv', 'conversations/events']) {
			const response = await other.request.get(`${base}/${path}`)
			expect(response.status(), path).toBe(404)
		}
		await context.close()
		await strangerContext.close()
	})
})
