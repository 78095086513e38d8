import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { E2E_SERVER_ENV, E2E_FAKE_MIC_WAV, E2E_PORT, E2E_SERVER_LOG } from './tests/e2e/ports.ts'

// Playwright's own browser download cannot work here: use Debian's Chromium (ARCHITECTURE.md).
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
const port = E2E_PORT
const chromiumArgs = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	// Playwright's own --disable-features list without ThirdPartyStoragePartitioning (the last flag
	// wins): browsers partition a third-party iframe's storage by default, and the embedded chat
	// remembers its conversation there. Playwright turns partitioning off, which denies that storage.
	'--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,AvoidCorsURLLoaderRestartOnRedirect,TcpPortRandomizationWin,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
]
const baseURL = `http://localhost:${port}`

export default defineConfig({
	testDir: './tests/e2e',
	globalSetup: './tests/e2e/global-setup.ts',
	timeout: 30_000,
	expect: { timeout: 7_000 },
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	workers: process.env.CI ? 2 : undefined,
	retries: process.env.CI ? 1 : 0,
	reporter: [['list'], ['json']],
	outputDir: 'test-results',
	use: {
		baseURL,
		// Recording a trace of every test costs 15-20 % of the e2e time: CI (which retries once) traces the
		// retry of a failed test only; a local run keeps the trace of each failure.
		trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
		launchOptions: {
			executablePath,
			args: chromiumArgs,
		},
	},
	projects: [
		{
			name: 'chromium',
			use: { ...devices['Desktop Chrome'] },
			testIgnore: [/voice-.*\.spec\.ts/, /dashboard\.spec\.ts/],
		},
		// The voice tests get a fake microphone that plays a WAV made by global-setup.
		{
			name: 'voice',
			testMatch: /voice-.*\.spec\.ts/,
			use: {
				...devices['Desktop Chrome'],
				launchOptions: {
					executablePath,
					args: [
						...chromiumArgs,
						'--use-fake-ui-for-media-stream',
						'--use-fake-device-for-media-stream',
						`--use-file-for-fake-audio-capture=${E2E_FAKE_MIC_WAV}`,
					],
				},
			},
		},
		// The administrator's dashboard shows every conversation of the server and its tests start from
		// an empty call_logs: run alone, after the others, whose calls it would count and delete. (To run
		// dashboard.spec.ts by itself: `npm test e2e tests/e2e/dashboard.spec.ts --no-deps`.)
		{
			name: 'dashboard',
			testMatch: /dashboard\.spec\.ts/,
			use: { ...devices['Desktop Chrome'] },
			dependencies: ['chromium', 'voice'],
		},
	],
	// The production build, as a visitor gets it; DATABASE_URL comes from scripts/test.ts. Its output
	// also goes to E2E_SERVER_LOG (emptied at each start), which tests read through serverLog().
	webServer: {
		command: `node --enable-source-maps build/server.js 2>&1 | tee ${JSON.stringify(E2E_SERVER_LOG)}`,
		url: `${baseURL}/healthz`,
		env: { ...E2E_SERVER_ENV, PORT: String(port) },
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'pipe',
		stderr: 'pipe',
	},
})
