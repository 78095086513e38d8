// Production build: the React Router app (client + SSR bundles) and server.ts compiled by esbuild,
// so production never runs TypeScript through a loader.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
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

// Fingerprinted scripts, styles and icons compressed once, at their best, here rather than on every
// request: server/app.ts serves the .br or .gz a browser accepts (fonts and pictures are
// compressed formats already).
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const assetsDir = path.join(root, 'build/client/assets')
let compressed = 0
for (const name of await readdir(assetsDir)) {
	if (!/\.(js|css|svg|json)$/.test(name)) continue
	const body = await readFile(path.join(assetsDir, name))
	await writeFile(
		path.join(assetsDir, `${name}.br`),
		await brotli(body, {
			params: {
				[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
				[zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
			},
		}),
	)
	await writeFile(path.join(assetsDir, `${name}.gz`), await gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }))
	compressed++
}
// The voice activity detector's files (ADR 0052): onnxruntime's 14 MB of WebAssembly shrinks to
// about a quarter; a middling Brotli level keeps the build quick.
for (const dir of (await readdir(assetsDir)).filter((name) => name.startsWith('voice-vad-'))) {
	for (const name of await readdir(path.join(assetsDir, dir))) {
		if (!/\.(wasm|mjs|js|onnx)$/.test(name)) continue
		const file = path.join(assetsDir, dir, name)
		const body = await readFile(file)
		await writeFile(`${file}.br`, await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }))
		await writeFile(`${file}.gz`, await gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }))
		compressed++
	}
}
console.log(`Compressed ${compressed} assets (Brotli and gzip)`)

await mkdir(path.join(root, 'build'), { recursive: true })
await writeFile(path.join(root, 'build/.stamp'), new Date().toISOString())
console.log('Build complete: build/server.js, build/server/, build/client/')
