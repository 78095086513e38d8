// Another app process against the e2e database, for tests of several instances or of other settings.
// Each gets a free port of its own: two specs that each start one may run at the same time (a fixed
// "E2E_PORT + 1" made them collide).
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { expect } from './fixtures.ts'
import { E2E_SERVER_ENV } from './ports.ts'

const freePort = () =>
	new Promise<number>((resolve) => {
		const probe = createServer().listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as { port: number }
			probe.close(() => resolve(port))
		})
	})

/**
 * Starts build/server.js with the e2e server's settings (E2E_SERVER_ENV) changed by `env` (undefined removes a
 * variable) and waits until it answers /healthz. `stop()` ends it.
 */
export async function startAppInstance(env: Record<string, string | undefined> = {}) {
	const port = await freePort()
	const merged: NodeJS.ProcessEnv = { ...process.env, ...E2E_SERVER_ENV, ...env, PORT: String(port) }
	for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key]
	const child = spawn(process.execPath, ['build/server.js'], { env: merged, stdio: 'ignore' })
	const stop = () => {
		child.kill('SIGTERM')
	}
	try {
		await expect
			.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
				timeout: 30_000,
			})
			.toBe(200)
	} catch (error) {
		stop()
		throw error
	}
	return { port, origin: `http://localhost:${port}`, stop }
}
