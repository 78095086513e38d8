// Website import: fetch one page safely and keep its readable text.
import { getEnv } from '~/lib/env.server.ts'
import { SafeFetchError, safeFetch } from '~/lib/safe-fetch.server.ts'
import { runInSandbox, SandboxError } from '~/lib/sandbox/sandbox.server.ts'

/** `owner` (the account) takes its turn for the sandbox with other accounts. */
export async function importWebsite(url: string, owner?: string) {
	const page = await safeFetch(url, {
		allow: getEnv().WEBSITE_IMPORT_ALLOW,
		timeoutMs: 10_000,
		maxBytes: 3 * 1024 * 1024,
	})
	try {
		// Parsed in the sandbox: a hostile page (100,000 nested elements, a huge table) costs a child process.
		return { url: page.url, text: await runInSandbox<string>('html', [page.body, page.url], { owner }) }
	} catch (error) {
		const reason = error instanceof SandboxError && error.reason !== 'failed' ? ` ${error.message}` : ''
		throw new SafeFetchError('unreadable', `The page could not be read.${reason}`)
	}
}
