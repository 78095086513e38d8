import os from 'node:os'
import path from 'node:path'

// Ports of the browser-test servers (the app, the import website, the embedding partner page).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999)
export const E2E_WEBSITE_PORT = Number(process.env.E2E_WEBSITE_PORT ?? 3998)
export const E2E_EMBED_HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? 3997)
export const E2E_FAKE_AI_PORT = Number(process.env.E2E_FAKE_AI_PORT ?? 3996)
/** The whole-site import test website (tests/support/crawl-site.ts), 3 sections here: about 60 pages. */
export const E2E_CRAWL_SITE_PORT = Number(process.env.E2E_CRAWL_SITE_PORT ?? 3995)
/** The sound Chromium's fake microphone plays (made by global-setup). */
export const E2E_FAKE_MIC_WAV = process.env.E2E_FAKE_MIC_WAV ?? '/tmp/zenvora-e2e-fake-mic.wav'
/** The lead webhook receiver (tests/e2e/conversation-logs.spec.ts starts it). */
export const E2E_WEBHOOK_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 3994)
/**
 * Everything the e2e server writes (stdout and stderr), for tests that search the server log (a key
 * that must appear in no log line). Per app port, so parallel runs on other ports do not share it.
 */
export const E2E_SERVER_LOG = process.env.E2E_SERVER_LOG ?? path.join(os.tmpdir(), `zenvora-e2e-server-${E2E_PORT}.log`)

/** The e2e app server's settings (playwright.config.ts), shared by tests that start another instance. */
export const E2E_SERVER_ENV: Record<string, string> = {
	NODE_ENV: 'production',
	HOST: '127.0.0.1',
	// No SITE_URL: the default settings a new user runs with (allowed hosts: localhost names).
	ADMIN_EMAIL: 'admin@e2e.example.com',
	SESSION_SECRET: 'e2e-session-secret-0123456789abcdef0123456789',
	// Only the test websites (and the lead webhook receiver) may be reached on a loopback address;
	// crawls go at test speed.
	WEBSITE_IMPORT_ALLOW: `127.0.0.1:${E2E_WEBSITE_PORT},127.0.0.1:${E2E_CRAWL_SITE_PORT},127.0.0.1:${E2E_WEBHOOK_PORT}`,
	CRAWL_DELAY_MS: '0',
	CRAWL_PAGE_TIMEOUT_MS: '2000',
	// Speech-to-text from a local fake Whisper; chat stays on the offline model.
	TRANSCRIBE_API_KEY: 'e2e-key',
	TRANSCRIBE_BASE_URL: `http://127.0.0.1:${E2E_FAKE_AI_PORT}/openai/v1`,
}
