import { expect, test } from 'vitest'
import { parseEnv } from './env.server.ts'

test('defaults: port 3000, production, no database URL (embedded)', () => {
	const env = parseEnv({})
	expect(env).toMatchObject({ PORT: 3000, NODE_ENV: 'production', DATA_DIR: '.data' })
	expect(env.DATABASE_URL).toBeUndefined()
})

test('an empty DATABASE_URL means "use the embedded database"', () => {
	expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
})

test('bad values fail with a message naming each variable', () => {
	expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SITE_URL: 'not a url' })).toThrow(
		/PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL[\s\S]*SITE_URL/,
	)
})
