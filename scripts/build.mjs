// Production build: the React Router app (client + SSR bundles) and server.ts compiled by esbuild,
// so production never runs TypeScript through a loader.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const run = (command, args) => {
	const result = spawnSync(command, args, {
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, NODE_ENV: 'production' },
	})
	if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!existsSync(path.join(root, 'app/generated/prisma/client.ts')))
	run(process.execPath, ['scripts/prisma-generate.mjs'])
run(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'])

// The server, and the sandbox's parser process (app/lib/sandbox/parse-worker.ts) that it forks at
// run time: build/server.js and build/parse-worker.js.
await build({
	entryPoints: {
		server: path.join(root, 'server.ts'),
		'parse-worker': path.join(root, 'app/lib/sandbox/parse-worker.ts'),
	},
	outdir: path.join(root, 'build'),
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	sourcemap: true,
	logLevel: 'warning',
})

await mkdir(path.join(root, 'build'), { recursive: true })
await writeFile(path.join(root, 'build/.stamp'), new Date().toISOString())
console.log('Build complete: build/server.js, build/server/, build/client/')
