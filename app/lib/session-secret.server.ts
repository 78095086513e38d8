// SESSION_SECRET when set; otherwise a random secret made once and kept in DATA_DIR, so a fresh
// machine works with no configuration and sessions survive restarts.
import crypto from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getEnv } from './env.server.ts'

let cached: string | undefined

export function getSessionSecret(): string {
	if (cached) return cached
	const env = getEnv()
	if (env.SESSION_SECRET) return (cached = env.SESSION_SECRET)
	const file = path.resolve(env.DATA_DIR, 'session-secret')
	if (existsSync(file)) return (cached = readFileSync(file, 'utf8').trim())
	mkdirSync(path.dirname(file), { recursive: true })
	const secret = crypto.randomBytes(48).toString('base64url')
	writeFileSync(file, secret, { mode: 0o600 })
	console.warn(
		`SESSION_SECRET is not set: made one and saved it in ${file}. Set SESSION_SECRET when running several instances.`,
	)
	return (cached = secret)
}
