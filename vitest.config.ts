import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { tsconfigPaths: true },
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'scripts/**/*.test.ts',
			'server/**/*.test.ts',
			'tests/integration/**/*.test.ts',
		],
		globalSetup: ['tests/setup/vitest-global-setup.ts'],
		environment: 'node',
		env: { SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789', ADMIN_EMAIL: 'admin@example.com' },
		testTimeout: 30_000,
		// Test files share one database (stats over all call logs, LISTEN/NOTIFY): one file at a time.
		fileParallelism: false,
		hookTimeout: 60_000,
	},
})
