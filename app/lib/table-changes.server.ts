// One dedicated PostgreSQL connection per app process and channel LISTENs for a table's changes (a
// trigger NOTIFYs them) and fans them out to every live stream of this process: the dashboard's
// call_logs, the Conversations page's chatbot_conversations. Several instances each hold their own listener,
// so a change made anywhere reaches every instance's clients.
// The connection is re-established with backoff when it drops (database restart, a terminated
// backend), checked with SELECT 1 every 30 s, and subscribers get a 'resync' after every reconnect
// because anything NOTIFYed while disconnected is lost.
import { remember } from '@epic-web/remember'
import pg from 'pg'

export type TableChangeEvent =
	| { type: 'change'; op: 'INSERT' | 'UPDATE' | 'DELETE'; id: string; chatbotId?: string }
	| { type: 'resync' }
	| { type: 'status'; connected: boolean }

/** Receives each event and its JSON, serialized once for all subscribers. */
type Subscriber = (event: TableChangeEvent, json: string) => void

export class TableChangeListener {
	private client: pg.Client | null = null
	private subscribers = new Set<Subscriber>()
	private connecting: Promise<void> | null = null
	private reconnectTimer: NodeJS.Timeout | null = null
	private livenessTimer: NodeJS.Timeout | null = null
	private attempt = 0
	private everConnected = false
	private closed = false
	connected = false

	constructor(
		private readonly connectionString: string,
		private readonly channel: string,
		private readonly options: { livenessMs?: number; maxBackoffMs?: number } = {},
	) {}

	/** Starts listening (once); resolves when the first LISTEN is in place or has been scheduled to retry. */
	start() {
		this.connecting ??= this.connect()
		return this.connecting
	}

	subscribe(subscriber: Subscriber) {
		this.subscribers.add(subscriber)
		void this.start()
		return () => void this.subscribers.delete(subscriber)
	}

	get subscriberCount() {
		return this.subscribers.size
	}

	/** The server process id of the LISTEN connection (tests terminate it to prove reconnection). */
	async backendPid() {
		if (!this.client) return null
		const { rows } = await this.client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
		return rows[0].pid
	}

	async close() {
		this.closed = true
		if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
		if (this.livenessTimer) clearInterval(this.livenessTimer)
		await this.client?.end().catch(() => {})
		this.client = null
	}

	private emit(event: TableChangeEvent) {
		const json = JSON.stringify(event)
		for (const subscriber of this.subscribers) {
			try {
				subscriber(event, json)
			} catch (error) {
				console.error(`A ${this.channel} subscriber failed:`, error)
			}
		}
	}

	private async connect() {
		if (this.closed) return
		const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true })
		client.on('error', (error) => this.lost(client, error))
		client.on('end', () => this.lost(client, new Error('connection ended')))
		client.on('notification', (message) => {
			if (message.channel !== this.channel || !message.payload) return
			try {
				const { op, id, chatbotId } = JSON.parse(message.payload)
				this.emit({ type: 'change', op, id, ...(chatbotId ? { chatbotId } : {}) })
			} catch (error) {
				console.error(`Unreadable ${this.channel} payload: ${message.payload}`, error)
			}
		})
		try {
			await client.connect()
			await client.query(`LISTEN ${this.channel}`)
		} catch (error) {
			client.removeAllListeners('end')
			await client.end().catch(() => {})
			this.scheduleReconnect(error)
			return
		}
		this.client = client
		this.connected = true
		this.attempt = 0
		this.emit({ type: 'status', connected: true })
		if (this.everConnected) {
			console.log(`${this.channel} listener: reconnected`)
			this.emit({ type: 'resync' })
		}
		this.everConnected = true
		this.startLiveness(client)
	}

	private startLiveness(client: pg.Client) {
		if (this.livenessTimer) clearInterval(this.livenessTimer)
		const every = this.options.livenessMs ?? 30_000
		this.livenessTimer = setInterval(async () => {
			const timeout = setTimeout(() => this.lost(client, new Error('SELECT 1 did not answer in 5 s')), 5_000)
			try {
				await client.query('SELECT 1')
			} catch (error) {
				this.lost(client, error)
			} finally {
				clearTimeout(timeout)
			}
		}, every)
		this.livenessTimer.unref()
	}

	private lost(client: pg.Client, error: unknown) {
		if (this.client !== client) return
		this.client = null
		this.connected = false
		if (this.livenessTimer) clearInterval(this.livenessTimer)
		client.removeAllListeners()
		client.on('error', () => {})
		void client.end().catch(() => {})
		this.emit({ type: 'status', connected: false })
		this.scheduleReconnect(error)
	}

	private scheduleReconnect(error: unknown) {
		if (this.closed || this.reconnectTimer) return
		const delay = Math.min(this.options.maxBackoffMs ?? 10_000, 100 * 2 ** this.attempt++)
		console.error(
			`${this.channel} listener: ${error instanceof Error ? error.message : String(error)}; reconnecting in ${delay} ms`,
		)
		this.reconnectTimer = setTimeout(() => {
			this.reconnectTimer = null
			void this.connect()
		}, delay)
		this.reconnectTimer.unref()
	}
}

/** This process's listener for `channel` (one per channel, kept across dev reloads). */
export function tableChangeListener(channel: string) {
	return remember(`table-changes:${channel}`, () => {
		const url = process.env.DATABASE_URL
		if (!url) throw new Error('DATABASE_URL is not set: the server sets it at boot')
		return new TableChangeListener(url, channel)
	})
}

/** The dashboard's: call_logs (migration 20261121030000_call_logs_notify). */
export const callLogListener = tableChangeListener('call_logs_changes')
