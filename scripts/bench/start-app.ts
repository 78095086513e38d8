// Starts the production build on a free port against a throw-away database, for benchmarks.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { findFreePort } from '../../server/db/embedded-postgres.ts'
import { startTestServer } from '../../tests/setup/test-database.ts'

const root = path.resolve(import.meta.dirname, '../..')

async function waitFor(url: string, timeoutMs = 60_000) {
	const start = Date.now()
	for (;;) {
		try {
			if ((await fetch(url)).ok) return
		} catch {}
		if (Date.now() - start > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`)
		await new Promise((r) => setTimeout(r, 250))
	}
}

export async function startApp(extraEnv: Record<string, string> = {}) {
	const build = spawn(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
		cwd: root,
		stdio: 'inherit',
	})
	await new Promise((resolve, reject) =>
		build.on('exit', (code) => (code === 0 ? resolve(null) : reject(new Error('build failed')))),
	)

	const database = await startTestServer(process.env.DATABASE_URL)
	const { url: databaseUrl } = await database.createScratchDatabase('bench')
	// A port of the caller's own (a shared machine's range) when it names one.
	const port = extraEnv.PORT ? Number(extraEnv.PORT) : await findFreePort()
	const server = spawn(process.execPath, [path.join(root, 'build/server.js')], {
		cwd: root,
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			HOST: '127.0.0.1',
			DATABASE_URL: databaseUrl,
			...extraEnv,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
		detached: true,
	})
	const origin = `http://127.0.0.1:${port}`
	await waitFor(`${origin}/healthz`)
	return {
		origin,
		root,
		databaseUrl,
		pid: server.pid!,
		async stop() {
			if (server.pid) process.kill(-server.pid, 'SIGTERM')
			await new Promise((r) => setTimeout(r, 500))
			await database.stop()
		},
	}
}
