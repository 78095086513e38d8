// The client build's files as the production server sends them: fingerprinted assets (under
// /assets) cached for a year and sent as the Brotli or gzip file the build made (scripts/build.mjs),
// so compression skips them; everything else revalidated hourly.
//
// Content types the static file servers' own lookup (mime-types, used by express.static and
// express-static-gzip) does not know: the voice detector's `.onnx` model (ADR 0052). Given to them
// as their `setHeaders`, which runs before they name a type themselves, for the file as stored and
// for its pre-compressed `.br`/`.gz` twin alike (express-static-gzip names a compressed file's type
// from the request's extension and, for one it does not know, writes "Content-Type: false").
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import express, { type Express } from 'express'
import expressStaticGzip from 'express-static-gzip'
import { VAD_ASSET_TYPES } from '~/lib/voice/vad-assets.ts'

/** Types the lookup lacks, by extension. */
const KNOWN_HERE: Record<string, string> = { '.onnx': VAD_ASSET_TYPES['.onnx'] }

/** The type of the stored file `filePath` (a `.br`/`.gz` file is its original's), when the lookup lacks it. */
function staticAssetType(filePath: string) {
	const original = /\.(?:br|gz)$/.test(filePath) ? filePath.slice(0, filePath.lastIndexOf('.')) : filePath
	return KNOWN_HERE[path.extname(original).toLowerCase()] ?? null
}

/** serve-static's `setHeaders`: the type the lookup would not find. */
function setStaticType(res: ServerResponse, filePath: string) {
	const type = staticAssetType(filePath)
	if (type) res.setHeader('Content-Type', type)
}

/** Serves the client build in `clientDir` on `app`. */
export function serveClientBuild(app: Express, clientDir: string) {
	app.use(
		'/assets',
		expressStaticGzip(path.join(clientDir, 'assets'), {
			enableBrotli: true,
			orderPreference: ['br', 'gzip'],
			index: false,
			serveStatic: { immutable: true, maxAge: '1y', setHeaders: setStaticType },
		}),
	)
	app.use(express.static(clientDir, { maxAge: '1h', setHeaders: setStaticType }))
}
