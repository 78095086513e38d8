// The voice activity detector's model, worklet and onnxruntime-web's WebAssembly, copied from
// node_modules into the client build under app/lib/voice/vad-assets.ts's address (and served from
// node_modules in development), so the browser loads them from this server only (ADR 0052).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import {
	ONNXRUNTIME_WEB_VERSION,
	VAD_ASSET_BASE,
	VAD_ASSET_DIR,
	VAD_ASSET_FILES,
	VAD_ASSET_TYPES,
	VAD_WEB_VERSION,
} from './app/lib/voice/vad-assets.ts'

/** The package's dist folder, after checking its version is the one the asset address names. */
function distDir(pkg: keyof typeof VAD_ASSET_FILES) {
	// Read from the folder: onnxruntime-web's "exports" do not include its package.json.
	const manifest = path.join(import.meta.dirname, 'node_modules', pkg, 'package.json')
	const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
	const expected = pkg === 'onnxruntime-web' ? ONNXRUNTIME_WEB_VERSION : VAD_WEB_VERSION
	if (version !== expected)
		throw new Error(`${pkg} is ${version} but app/lib/voice/vad-assets.ts names ${expected}: update it there`)
	return path.join(path.dirname(manifest), 'dist')
}

function assetFiles() {
	return Object.entries(VAD_ASSET_FILES).flatMap(([pkg, files]) =>
		files.map((file) => ({ file, source: path.join(distDir(pkg as keyof typeof VAD_ASSET_FILES), file) })),
	)
}

export function voiceAssetsPlugin(): Plugin {
	let ssr = false
	return {
		name: 'voice-assets',
		configResolved(config) {
			ssr = Boolean(config.build.ssr)
		},
		generateBundle() {
			if (ssr) return
			for (const { file, source } of assetFiles())
				this.emitFile({ type: 'asset', fileName: `${VAD_ASSET_DIR}/${file}`, source: readFileSync(source) })
		},
		configureServer(server) {
			const files = new Map<string, string>(assetFiles().map(({ file, source }) => [file, source]))
			server.middlewares.use((req, res, next) => {
				const url = req.url?.split('?')[0] ?? ''
				const source = url.startsWith(VAD_ASSET_BASE) ? files.get(url.slice(VAD_ASSET_BASE.length)) : undefined
				if (!source) return next()
				res.setHeader('Content-Type', VAD_ASSET_TYPES[path.extname(source)] ?? 'application/octet-stream')
				res.end(readFileSync(source))
			})
		},
	}
}
