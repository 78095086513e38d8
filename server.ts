// Process entry: validates the environment, makes sure there is a database (embedded PostgreSQL
// when DATABASE_URL is unset), applies migrations, then serves the app.
import path from 'node:path'
import { parseEnv } from '~/lib/env.server.ts'
import { allowedHosts } from '~/lib/origin.server.ts'
import { createServerApp } from './server/app.ts'
import { createDatabase, startEmbeddedPostgres, type RunningPostgres } from './server/db/embedded-postgres.ts'
import { applyMigrations } from './server/db/migrate.ts'
import { perClientOf, requestQueue } from './server/request-share.ts'

const EMBEDDED_DATABASE = 'app'

async function main() {
	let env
	try {
		env = parseEnv()
	} catch (error) {
		console.error((error as Error).message)
		process.exit(1)
	}
	// React picks its build from NODE_ENV when first imported, so it must be set before this process
	// starts (the npm scripts do); a mismatch here would mix development and production React.
	if (process.env.NODE_ENV !== env.NODE_ENV) {
		console.error(`NODE_ENV must be set before start (got ${process.env.NODE_ENV ?? 'nothing'}); use \`npm start\`.`)
		process.exit(1)
	}

	let embedded: RunningPostgres | undefined
	if (!env.DATABASE_URL) {
		const databaseDir = path.resolve(env.DATA_DIR, 'postgres')
		console.log(`DATABASE_URL is not set: starting the embedded PostgreSQL in ${databaseDir}`)
		embedded = await startEmbeddedPostgres({ databaseDir, persistent: true })
		process.env.DATABASE_URL = await createDatabase(embedded.adminUrl, EMBEDDED_DATABASE)
	}
	const databaseUrl = process.env.DATABASE_URL!

	await applyMigrations({ databaseUrl })

	// Background jobs run in this process by default (JOB_CONCURRENCY=0 leaves them to others). The
	// tasks are imported only now: they reach the database client, which needs DATABASE_URL set.
	const { jobCrontab, startJobLanes } = await import('./server/jobs.ts')
	const jobs =
		env.JOB_CONCURRENCY > 0
			? await startJobLanes({
					connectionString: databaseUrl,
					concurrency: env.JOB_CONCURRENCY,
					webhookConcurrency: env.WEBHOOK_CONCURRENCY,
					accountShare: env.JOB_ACCOUNT_SHARE,
					staleLockSeconds: env.JOB_STALE_LOCK_SECONDS,
					crontab: jobCrontab,
				})
			: null

	const { app, close } = await createServerApp({
		mode: env.NODE_ENV,
		pageCacheSeconds: env.PAGE_CACHE_SECONDS,
		trustProxy: env.TRUST_PROXY,
		allowedHosts: allowedHosts(env),
		siteUrl: env.SITE_URL,
		// Each client's share of the database pool (docs/decisions/0023-database-pool-share.md).
		requestShare: {
			perClient: perClientOf(env.DATABASE_POOL_SIZE, env.DATABASE_POOL_USER_SHARE),
			...requestQueue,
		},
	})
	const server = app.listen(env.PORT, env.HOST, () => {
		console.log(`Server listening on http://localhost:${env.PORT} (${env.NODE_ENV})`)
	})
	// Idle keep-alive connections stay open longer than a load balancer's (60 s is common), so the
	// server never closes a socket just as a proxy or client reuses it (which resets the request).
	server.keepAliveTimeout = 65_000
	server.headersTimeout = 66_000

	let stopping = false
	async function shutdown(signal: string) {
		if (stopping) return
		stopping = true
		console.log(`${signal} received: shutting down`)
		server.close()
		server.closeAllConnections()
		await close().catch((error) => console.error('Error while closing the app', error))
		await jobs?.stop().catch((error) => console.error('Error while stopping the job worker', error))
		await embedded?.stop().catch((error) => console.error('Error while stopping PostgreSQL', error))
		process.exit(0)
	}
	process.on('SIGINT', () => void shutdown('SIGINT'))
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error) => {
	console.error('Server failed to start:', error)
	process.exit(1)
})
