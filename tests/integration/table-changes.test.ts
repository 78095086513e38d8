// LISTEN/NOTIFY fan-out: SQL changes reach subscribers; a terminated LISTEN backend is replaced
// and subscribers are told to resync; unsubscribing removes the listener.
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { TableChangeListener, type TableChangeEvent } from '~/lib/table-changes.server.ts'

let sql: pg.Client
let listener: TableChangeListener

beforeAll(async () => {
	sql = new pg.Client({ connectionString: process.env.DATABASE_URL })
	await sql.connect()
	listener = new TableChangeListener(process.env.DATABASE_URL!, 'call_logs_changes', {
		livenessMs: 500,
		maxBackoffMs: 500,
	})
	await listener.start()
})
afterAll(async () => {
	await listener.close()
	await sql.end()
})

function collect() {
	const events: TableChangeEvent[] = []
	const unsubscribe = listener.subscribe((event) => events.push(event))
	return { events, unsubscribe }
}

async function waitFor<T>(check: () => T | undefined, ms = 5000): Promise<T> {
	const started = Date.now()
	for (;;) {
		const value = check()
		if (value) return value
		if (Date.now() - started > ms) throw new Error('timed out waiting')
		await new Promise((r) => setTimeout(r, 20))
	}
}

test('insert, update and delete by plain SQL arrive as events with the operation and row id', async () => {
	const { events, unsubscribe } = collect()
	const { rows } = await sql.query<{ id: string }>(
		`INSERT INTO call_logs (customer_name, call_status) VALUES ('Live Test', 'in-progress') RETURNING id`,
	)
	const id = rows[0].id
	await sql.query(`UPDATE call_logs SET call_status = 'completed', call_duration = 42 WHERE id = $1`, [id])
	await sql.query(`DELETE FROM call_logs WHERE id = $1`, [id])
	const mine = () => events.filter((e) => e.type === 'change' && e.id === id)
	await waitFor(() => mine().length >= 3 || undefined)
	expect(mine()).toEqual([
		{ type: 'change', op: 'INSERT', id },
		{ type: 'change', op: 'UPDATE', id },
		{ type: 'change', op: 'DELETE', id },
	])
	unsubscribe()
})

test('when the LISTEN backend is killed, the listener reconnects, asks for a resync, and events flow again', async () => {
	const { events, unsubscribe } = collect()
	const pid = await listener.backendPid()
	expect(pid).toBeTypeOf('number')
	await sql.query('SELECT pg_terminate_backend($1)', [pid])
	await waitFor(() => events.find((e) => e.type === 'status' && !e.connected))
	await waitFor(() => events.find((e) => e.type === 'resync'))
	expect(listener.connected).toBe(true)
	expect(await listener.backendPid()).not.toBe(pid)
	const { rows } = await sql.query<{ id: string }>(
		`INSERT INTO call_logs (customer_name) VALUES ('After reconnect') RETURNING id`,
	)
	await waitFor(() => events.find((e) => e.type === 'change' && e.id === rows[0].id))
	await sql.query('DELETE FROM call_logs WHERE id = $1', [rows[0].id])
	unsubscribe()
})

test('a subscriber that leaves is removed', async () => {
	const before = listener.subscriberCount
	const { unsubscribe } = collect()
	expect(listener.subscriberCount).toBe(before + 1)
	unsubscribe()
	expect(listener.subscriberCount).toBe(before)
})
