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
		setupFiles: ['tests/setup/vitest-worker-database.ts'],
		environment: 'node',
		env: { SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789', ADMIN_EMAIL: 'admin@example.com' },
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
})
