// The public pages' islands entry (docs/decisions/0021-islands-on-public-pages.md) as one more input
// of React Router's client build, so it shares that build's chunks (React itself, the icons), and
// its built address for the server: `virtual:islands-entry` gives the script's URL.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

const ISLANDS_ENTRY = 'app/islands.client.ts'
const VIRTUAL_ID = 'virtual:islands-entry'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

export function islandsPlugin(): Plugin {
	let command: 'build' | 'serve' = 'serve'
	let root = process.cwd()
	return {
		name: 'islands',
		config(_config, env) {
			command = env.command
			// React Router sets the client build's inputs (its entry and the route modules) in its own
			// config hook; Vite concatenates this list onto them.
			if (env.command === 'build' && !env.isSsrBuild) return { build: { rollupOptions: { input: [ISLANDS_ENTRY] } } }
		},
		configResolved(config) {
			root = config.root
		},
		resolveId(id) {
			if (id === VIRTUAL_ID) return RESOLVED_ID
		},
		load(id) {
			if (id !== RESOLVED_ID) return
			// In development Vite serves the source file itself.
			if (command === 'serve') return `export default ${JSON.stringify({ src: `/${ISLANDS_ENTRY}`, dev: true })}`
			// The server build runs after the client build, whose Vite manifest is still on disk (React
			// Router removes it once every build is done).
			const manifestPath = path.join(root, 'build/client/.vite/manifest.json')
			const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>
			const chunk = manifest[ISLANDS_ENTRY]
			if (!chunk) throw new Error(`${ISLANDS_ENTRY} is missing from ${manifestPath}`)
			return `export default ${JSON.stringify({ src: `/${chunk.file}`, dev: false })}`
		},
	}
}
