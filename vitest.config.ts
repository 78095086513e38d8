import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { tsconfigPaths: true },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		globalSetup: ['tests/setup/vitest-global-setup.ts'],
		environment: 'node',
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
})
