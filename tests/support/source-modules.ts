// Tests of knowledge sources against local websites. The environment is read once, on first use,
// so the modules that read it are loaded only after it is set.
import { vi } from 'vitest'

/**
 * Lets imports reach the sites at `origins` (by either local name) and crawl them without pauses,
 * sets `env` as well, quiets the job logs, then loads the modules every source test uses.
 * `resetEnv` takes back what was set.
 */
export async function loadSourceModules(origins: string[], env: Record<string, string> = {}) {
	const set = {
		WEBSITE_IMPORT_ALLOW: origins
			.flatMap((origin) => [`127.0.0.1:${new URL(origin).port}`, `localhost:${new URL(origin).port}`])
			.join(','),
		CRAWL_DELAY_MS: '0',
		...env,
	}
	Object.assign(process.env, set)
	vi.spyOn(console, 'log').mockImplementation(() => {})
	vi.spyOn(console, 'warn').mockImplementation(() => {})
	return {
		db: await import('~/lib/db.server.ts'),
		sources: await import('~/features/chatbots/sources/sources.server.ts'),
		schema: await import('~/features/chatbots/sources/source-schema.ts'),
		jobs: await import('../../server/jobs.ts'),
		resetEnv: () => {
			for (const name of Object.keys(set)) delete process.env[name]
		},
	}
}
