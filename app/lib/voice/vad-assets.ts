// Where the browser fetches the voice activity detector's files from: this server, never a CDN
// (ADR 0052). vite-voice-assets-plugin.ts copies them there at build time (and serves them in
// development); the versions are in the path, so the files are cached for a year like every other
// fingerprinted asset, and a new version is a new address.
export const VAD_WEB_VERSION = '0.0.30'
export const ONNXRUNTIME_WEB_VERSION = '1.30.0'
export const VAD_ASSET_DIR = `assets/voice-vad-${VAD_WEB_VERSION}-ort-${ONNXRUNTIME_WEB_VERSION}`
export const VAD_ASSET_BASE = `/${VAD_ASSET_DIR}/`

/**
 * The files' types by extension: the development server (vite-voice-assets-plugin.ts) and the
 * production static server (server/app.ts, staticAssetType) both send these. The static server's own
 * lookup (mime-types) knows no `.onnx`.
 */
export const VAD_ASSET_TYPES: Record<string, string> = {
	'.onnx': 'application/octet-stream',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.wasm': 'application/wasm',
}

/** The files, by the package they come from (the Silero v5 model, the audio worklet, onnxruntime's WebAssembly). */
export const VAD_ASSET_FILES = {
	'@ricky0123/vad-web': ['silero_vad_v5.onnx', 'vad.worklet.bundle.min.js'],
	'onnxruntime-web': ['ort-wasm-simd-threaded.wasm', 'ort-wasm-simd-threaded.mjs'],
} as const
