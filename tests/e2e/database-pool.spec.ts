// One user's saves cannot drain the database pool (issue 27, item 2): ten parallel saves of a 5.9 MB
// knowledge text, through the builder's real form post, while another user opens their Playground
// and a load balancer checks /healthz. The saves only store the text (a job indexes it), no request
// waits on a lock holding a connection, and one user runs only their share of the pool at once.
import { createUser, expect, sessionCookieDirect, sql, test } from './fixtures.ts'

/** About 5.9 million characters of varied text: thousands of distinct terms, as a real export has. */
function bigKnowledge(marker: string) {
	const paragraphs: string[] = []
	let size = 0
	for (let i = 0; size < 5_900_000; i++) {
		const paragraph = `Order ${i} of item ZX-${(i * 7919).toString(36)} ships from warehouse ${i % 97} in ${(i % 9) + 2} working days; returns within ${(i % 30) + 1} days with receipt ${i.toString(16)}.`
		paragraphs.push(paragraph)
		size += paragraph.length + 2
	}
	return `${marker}\n\n${paragraphs.join('\n\n')}`.slice(0, 5_950_000)
}

test('ten parallel saves of a 5.9 MB text leave another user and /healthz answering; the saver gets success or a clear refusal', async ({
	request,
	baseURL,
}) => {
	test.setTimeout(180_000)
	const saver = await createUser()
	const other = await createUser()
	const saverCookie = await sessionCookieDirect(saver.email)
	const otherCookie = await sessionCookieDirect(other.email)
	const [{ id }] = await sql<{ id: string }>(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt)
		 SELECT id, 'Warehouse', 'Small.', '' FROM users WHERE email = $1 RETURNING id`,
		[saver.email],
	)
	const texts = Array.from({ length: 10 }, (_, i) => bigKnowledge(`Save number ${i}.`))

	let saving = true
	const saves = Promise.all(
		texts.map(async (knowledgeBase) => {
			const response = await request.post('/playground?index', {
				multipart: { intent: 'update', id, name: 'Warehouse', knowledgeBase, systemPrompt: '' },
				headers: { Cookie: saverCookie, Origin: baseURL! },
				maxRedirects: 0,
				timeout: 150_000,
			})
			return { status: response.status(), body: response.status() === 302 ? '' : await response.text() }
		}),
	).finally(() => (saving = false))

	// Meanwhile, another user's page and the health check, again and again until the saves are done.
	const others: string[] = []
	const watch = async () => {
		do {
			const [page, health] = await Promise.all([
				request.get('/playground', { headers: { Cookie: otherCookie }, maxRedirects: 0, timeout: 60_000 }),
				request.get('/healthz', { timeout: 60_000 }),
			])
			others.push(`playground ${page.status()}`, `healthz ${health.status()}`)
			await new Promise((resolve) => setTimeout(resolve, 250))
		} while (saving)
	}
	const [results] = await Promise.all([saves, watch()])

	expect(others.length).toBeGreaterThanOrEqual(2)
	expect(others.filter((line) => !line.endsWith(' 200'))).toEqual([])
	// The saver: stored (the redirect back), or told why not: 409 (another save held the row) or 429
	// (too many at once), each with a message. Never a 500.
	for (const { status, body } of results) {
		expect([302, 409, 429], body.slice(0, 200)).toContain(status)
		if (status !== 302) expect(body).toMatch(/Wait a moment|saved by another request/)
	}
	expect(results.filter(({ status }) => status === 302).length).toBeGreaterThanOrEqual(1)

	// The text the chatbot holds now is the one indexed once its job has run: the newest text wins.
	await expect
		.poll(
			async () =>
				(
					await sql<{ status: string; matches: boolean }>(
						`SELECT s.status, s.chars = length(c.knowledge_base) AS matches
						 FROM knowledge_sources s JOIN chatbots c ON c.id = s.chatbot_id
						 WHERE s.chatbot_id = $1 AND s.kind = 'text'`,
						[id],
					)
				)[0],
			{ timeout: 120_000, intervals: [500] },
		)
		.toEqual({ status: 'ready', matches: true })
	const [{ marker }] = await sql<{ marker: string }>(
		`SELECT left(c.knowledge_base, 20) AS marker FROM chatbots c WHERE c.id = $1`,
		[id],
	)
	const [{ found }] = await sql<{ found: number }>(
		`SELECT count(*)::int AS found FROM knowledge_chunks WHERE chatbot_id = $1 AND position = 0 AND content LIKE $2`,
		[id, `${marker}%`],
	)
	expect(found).toBe(1)
})
