// The client build's files with the types they need, whether sent as stored or as their
// pre-compressed Brotli/gzip twin: the voice detector's .onnx model is bytes (it once read
// "Content-Type: false"), the WebAssembly and scripts keep the lookup's own types.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { VAD_ASSET_DIR } from '~/lib/voice/vad-assets.ts'
import { serveClientBuild } from './static-assets.ts'

let dir: string
let server: http.Server
let base: string

beforeAll(async () => {
	dir = await mkdtemp(path.join(os.tmpdir(), 'static-assets-'))
	const vad = path.join(dir, VAD_ASSET_DIR)
	await mkdir(vad, { recursive: true })
	const model = Buffer.from('not really a model, but bytes all the same')
	await writeFile(path.join(vad, 'silero_vad_v5.onnx'), model)
	await writeFile(path.join(vad, 'silero_vad_v5.onnx.br'), brotliCompressSync(model))
	await writeFile(path.join(vad, 'silero_vad_v5.onnx.gz'), gzipSync(model))
	const wasm = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])
	await writeFile(path.join(vad, 'ort-wasm-simd-threaded.wasm'), wasm)
	await writeFile(path.join(vad, 'ort-wasm-simd-threaded.wasm.br'), brotliCompressSync(wasm))
	await writeFile(path.join(dir, 'model.onnx'), model)
	const app = express()
	serveClientBuild(app, dir)
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
	await new Promise((resolve) => server.close(resolve))
	await rm(dir, { recursive: true, force: true })
})

const typeOf = async (file: string, encoding: string) => {
	const response = await fetch(`${base}/${file}`, { headers: { 'Accept-Encoding': encoding } })
	await response.arrayBuffer()
	return { type: response.headers.get('content-type'), encoding: response.headers.get('content-encoding') }
}

test('the .onnx model is application/octet-stream, as Brotli, gzip or stored', async () => {
	const model = `${VAD_ASSET_DIR}/silero_vad_v5.onnx`
	expect(await typeOf(model, 'br, gzip')).toEqual({ type: 'application/octet-stream', encoding: 'br' })
	expect(await typeOf(model, 'gzip')).toEqual({ type: 'application/octet-stream', encoding: 'gzip' })
	expect(await typeOf(model, 'identity')).toEqual({ type: 'application/octet-stream', encoding: null })
	// Outside /assets too.
	expect((await typeOf('model.onnx', 'identity')).type).toBe('application/octet-stream')
})

test('types the lookup knows stay its own', async () => {
	expect(await typeOf(`${VAD_ASSET_DIR}/ort-wasm-simd-threaded.wasm`, 'br')).toEqual({
		type: 'application/wasm',
		encoding: 'br',
	})
})
