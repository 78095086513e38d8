// The spec's column defaults (section 3) hold in the database itself, whoever inserts the row.
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'

let client: pg.Client
beforeAll(async () => {
	client = new pg.Client({ connectionString: process.env.DATABASE_URL })
	await client.connect()
})
afterAll(async () => {
	await client.end()
})

test('call_logs: duration 0 and status completed by default', async () => {
	const { rows } = await client.query(
		`INSERT INTO call_logs DEFAULT VALUES RETURNING call_duration, call_status, created_at, id`,
	)
	expect(rows[0]).toMatchObject({ call_duration: 0, call_status: 'completed' })
	expect(rows[0].created_at).toBeInstanceOf(Date)
	expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/)
})

test('agents: voice alloy, language en, the spec voice_settings, active', async () => {
	const user = await client.query(
		`INSERT INTO users (email, password_hash) VALUES ('defaults@example.com', 'x') RETURNING id`,
	)
	const { rows } = await client.query(
		`INSERT INTO agents (user_id, name, instructions, first_message) VALUES ($1, 'A', 'I', 'Hello') RETURNING *`,
		[user.rows[0].id],
	)
	expect(rows[0]).toMatchObject({
		voice_id: 'alloy',
		language: 'en',
		eleven_agent_id: null,
		is_active: true,
		voice_settings: { stability: 0.5, similarity_boost: 0.5, style: 0, use_speaker_boost: true },
	})
	const bot = await client.query(
		`INSERT INTO chatbots (user_id, name, knowledge_base, system_prompt) VALUES ($1, 'B', 'K', 'S') RETURNING is_active`,
		[user.rows[0].id],
	)
	expect(bot.rows[0].is_active).toBe(true)
})
