// Environment variables, validated once at boot. Every variable the server reads is listed here and
// in docs/configuration.md with its default (the README names the ones most often set).
import { z } from 'zod'

/** An optional secret: unset and empty mean the same. */
const optionalSecret = z
	.string()
	.trim()
	.transform((v) => (v === '' ? undefined : v))
	.optional()

const optionalUrl = z
	.string()
	.trim()
	.transform((v) => (v === '' ? undefined : v))
	.pipe(z.url().optional())
	.optional()

/** A comma-separated list, lower-cased; empty entries dropped. */
const commaList = z
	.string()
	.default('')
	.transform((v) =>
		v
			.split(',')
			.map((entry) => entry.trim().toLowerCase())
			.filter(Boolean),
	)

const envSchema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
	PORT: z.coerce.number().int().min(1).max(65535).default(3000),
	HOST: z.string().default('0.0.0.0'),
	DATABASE_URL: z
		.string()
		.trim()
		.transform((v) => (v === '' ? undefined : v))
		.pipe(
			z
				.string()
				.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
				.optional(),
		)
		.optional(),
	/** Milliseconds to open a database connection before giving up. */
	DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
	/** Milliseconds one SQL statement may run; the server cancels it after that. */
	DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
	/**
	 * Milliseconds a statement may wait for a row lock before it gives up: a request never holds a
	 * connection while it queues behind another. docs/decisions/0023-database-pool-share.md
	 */
	DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
	/** Connections this process keeps to the database for requests (and the jobs it runs). */
	DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
	/**
	 * The share of the pool one client (a signed-in user, or else an IP address's client key) may use: its
	 * requests run at most this share of the pool size at once (at least one); more wait briefly, then
	 * get 429.
	 */
	DATABASE_POOL_USER_SHARE: z.coerce.number().gt(0).max(1).default(0.3),
	/**
	 * Visitors' live handoff streams this process holds open at once, all chatbots together; more get
	 * 503 with Retry-After. docs/decisions/0070-handoff-streams-share-reads.md
	 */
	HANDOFF_VISITOR_STREAMS: z.coerce.number().int().min(1).default(300),
	DATA_DIR: z.string().default('.data'),
	/** The public origin (https://www.example.com): links in e-mails, canonical URLs, the page cache. */
	SITE_URL: optionalUrl,
	/**
	 * Host names the site answers to, comma-separated (`.example.com` also matches subdomains, `*`
	 * anything); others get 400. Default: SITE_URL's host plus localhost, 127.0.0.1 and [::1].
	 */
	ALLOWED_HOSTS: commaList,
	/** Signs session and flash cookies and e-mail links; unset: a random one kept in DATA_DIR. */
	SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
	/** The one administrator: the account with this verified e-mail address. */
	ADMIN_EMAIL: z
		.email()
		.default('admin@zenvora.example')
		.transform((v) => v.toLowerCase()),
	/** smtp:// or smtps:// URL; unset: e-mails go to the development outbox and the server log. */
	SMTP_URL: z
		.string()
		.trim()
		.transform((v) => (v === '' ? undefined : v))
		.pipe(
			z
				.string()
				.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
				.optional(),
		)
		.optional(),
	MAIL_FROM: z.string().default('Zenvora AI <no-reply@zenvora.example>'),
	/**
	 * Express "trust proxy": which hops may set X-Forwarded-For/-Host/-Proto (the client IP used by
	 * rate limits). Behind a proxy on another machine, list its address or subnet.
	 */
	TRUST_PROXY: z.string().default('loopback'),
	/** Groq (or any OpenAI-compatible server via GROQ_BASE_URL); unset: the built-in offline model. */
	GROQ_API_KEY: optionalSecret,
	/** The current successor of the spec's retired llama3-8b-8192. */
	GROQ_MODEL: z.string().default('llama-3.1-8b-instant'),
	GROQ_BASE_URL: optionalUrl,
	/** Milliseconds a model call may take in all, retries included. */
	AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
	/** Milliseconds the LLM may take to rewrite a follow-up as a standalone question before the search goes without. */
	AI_REWRITE_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
	/** Milliseconds one file or page may take to parse in the sandbox before its process is killed. */
	PARSE_TIMEOUT_MS: z.coerce.number().int().min(500).default(20_000),
	/** The operator's time zone: "Completed Today" and dashboard times use it. */
	DASHBOARD_TIME_ZONE: z
		.string()
		.default('Asia/Kolkata')
		.refine((tz) => {
			try {
				new Intl.DateTimeFormat('en', { timeZone: tz })
				return true
			} catch {
				return false
			}
		}, 'must be an IANA time zone such as Asia/Kolkata'),
	/** Background jobs this process runs at once (graphile-worker); 0: this process runs none. */
	JOB_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(4),
	/**
	 * Jobs of one account that run at once across every instance (each lane's own share); unset: half
	 * of JOB_CONCURRENCY (and of WEBHOOK_CONCURRENCY), rounded up. docs/decisions/0022-fair-background-work.md
	 */
	JOB_ACCOUNT_SHARE: z.coerce.number().int().min(1).max(32).optional(),
	/** Lead webhook deliveries this process makes at once, on their own lane beside the other jobs; 0: none. */
	WEBHOOK_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2),
	/** How long a lead webhook may take to answer before the attempt fails (and is retried later). */
	WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
	/** Seconds after which jobs locked by a worker that stopped saying it is alive run again elsewhere. */
	JOB_STALE_LOCK_SECONDS: z.coerce.number().int().min(2).default(60),
	/** Pause between two requests of one crawl lane to a site (robots.txt Crawl-delay overrides it). */
	CRAWL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(250),
	/** How long a crawl waits for one page (or robots.txt, or a sitemap). */
	CRAWL_PAGE_TIMEOUT_MS: z.coerce.number().int().min(500).default(15_000),
	/** Seconds an anonymous visitor's copy of a public page is reused; 0 turns the cache off. */
	PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
	/** Speech-to-text for the voice API (Whisper through the AI SDK); defaults to the Groq settings. */
	TRANSCRIBE_API_KEY: optionalSecret,
	TRANSCRIBE_BASE_URL: optionalUrl,
	TRANSCRIBE_MODEL: z.string().default('whisper-large-v3-turbo'),
	/**
	 * Speech output for the voice assistants: any OpenAI-compatible /audio/speech (OpenAI, Groq, a local
	 * server). Used when the administrator stored no speech connection on the Models page; with neither,
	 * the browser's own voice speaks. Only SPEECH_BASE_URL: a keyless local server.
	 */
	SPEECH_API_KEY: optionalSecret,
	/** Unset with SPEECH_API_KEY set: OpenAI (https://api.openai.com/v1). */
	SPEECH_BASE_URL: optionalUrl,
	/** Unset: tts-1 (Groq: canopylabs/orpheus-v1-english). */
	SPEECH_MODEL: z
		.string()
		.trim()
		.transform((v) => (v === '' ? undefined : v))
		.optional(),
	/** Voice agents are also created at ElevenLabs when set; unset, they work on their own. */
	ELEVENLABS_API_KEY: optionalSecret,
	ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
	/** Minutes without a message after which an open voice conversation is closed as completed. */
	VOICE_IDLE_MINUTES: z.coerce.number().int().min(1).default(10),
	/**
	 * host:port pairs that website import may fetch even though they resolve to a private or loopback
	 * address, comma-separated. Empty by default; tests list their local website server here.
	 */
	WEBSITE_IMPORT_ALLOW: commaList,
})

export type Env = z.infer<typeof envSchema>

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
	const result = envSchema.safeParse(source)
	if (!result.success) {
		const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`).join('\n')
		throw new Error(`Invalid environment variables:\n${problems}\nSee README.md, "Configuration".`)
	}
	return result.data
}

let cached: Env | undefined
export function getEnv(): Env {
	cached ??= parseEnv()
	return cached
}
