// `npm start` runs this first: it builds when there is no build or a source is newer than it.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const inputs = [
	'app',
	'server',
	'server.ts',
	'public',
	'prisma/schema.prisma',
	'package.json',
	'package-lock.json',
	'vite.config.ts',
	'react-router.config.ts',
	'tsconfig.json',
]
const ignored = new Set(['generated', 'node_modules'])

function newestMtime(target) {
	if (!existsSync(target)) return 0
	const stat = statSync(target)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = stat.mtimeMs
	for (const entry of readdirSync(target)) {
		if (ignored.has(entry)) continue
		newest = Math.max(newest, newestMtime(path.join(target, entry)))
	}
	return newest
}

export function buildIsStale() {
	const stamp = path.join(root, 'build/.stamp')
	if (!existsSync(stamp) || !existsSync(path.join(root, 'build/server.js'))) return true
	const builtAt = statSync(stamp).mtimeMs
	return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt)
}

if (import.meta.url === `file://${process.argv[1]}`) {
	if (buildIsStale()) {
		console.log('Build missing or older than the sources: building...')
		const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' })
		process.exit(result.status ?? 1)
	}
}
