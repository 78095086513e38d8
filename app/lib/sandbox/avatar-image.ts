// An uploaded avatar, read in the sandbox (parse-worker.ts): a PNG or JPEG, its size checked from
// its header before any pixel is decoded (a 1 KB file can claim 50,000 × 50,000 pixels), then
// cropped to a square, scaled to AVATAR_SIZE and written as a fresh PNG, so nothing of the upload
// but its pixels is ever served.
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { ParseRefusal } from './parsers.ts'

export const AVATAR_SIZE = 96
/** The largest picture read: 4,096 pixels a side, 16 megapixels. */
const MAX_SIDE = 4096
const MAX_PIXELS = 16_000_000

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function checkSize(width: number, height: number) {
	if (!width || !height) throw new ParseRefusal('The picture has no pixels.')
	if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
		throw new ParseRefusal(`The picture is too large (${width} × ${height}). Use one up to ${MAX_SIDE} pixels a side.`)
}

/** The picture's pixels as RGBA: width, height and data. */
function decode(bytes: Uint8Array) {
	const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	if (PNG_SIGNATURE.every((byte, i) => buffer[i] === byte)) {
		// IHDR is the first chunk: width and height at bytes 16 and 20.
		if (buffer.length < 24) throw new ParseRefusal('The picture is damaged.')
		checkSize(buffer.readUInt32BE(16), buffer.readUInt32BE(20))
		const png = PNG.sync.read(buffer)
		return { width: png.width, height: png.height, data: png.data }
	}
	if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) {
		const image = jpeg.decode(buffer, { useTArray: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 128 })
		checkSize(image.width, image.height)
		return { width: image.width, height: image.height, data: image.data }
	}
	throw new ParseRefusal('Choose a PNG or JPEG picture.')
}

/** The upload as a square PNG of AVATAR_SIZE pixels (the centre of the picture, averaged down). */
export function avatarPng(bytes: Uint8Array): Uint8Array {
	let image: ReturnType<typeof decode>
	try {
		image = decode(bytes)
	} catch (error) {
		if (error instanceof ParseRefusal) throw error
		throw new ParseRefusal('The picture could not be read. It may be damaged.')
	}
	const side = Math.min(image.width, image.height)
	const left = Math.floor((image.width - side) / 2)
	const top = Math.floor((image.height - side) / 2)
	const out = new PNG({ width: AVATAR_SIZE, height: AVATAR_SIZE })
	const scale = side / AVATAR_SIZE
	for (let y = 0; y < AVATAR_SIZE; y++) {
		for (let x = 0; x < AVATAR_SIZE; x++) {
			// Each output pixel is the average of the source pixels it covers (at least one).
			const x0 = left + Math.floor(x * scale)
			const y0 = top + Math.floor(y * scale)
			const x1 = Math.max(x0 + 1, left + Math.floor((x + 1) * scale))
			const y1 = Math.max(y0 + 1, top + Math.floor((y + 1) * scale))
			const sum = [0, 0, 0, 0]
			for (let sy = y0; sy < y1; sy++)
				for (let sx = x0; sx < x1; sx++) {
					const i = (sy * image.width + sx) * 4
					for (let c = 0; c < 4; c++) sum[c] += image.data[i + c]
				}
			const count = (x1 - x0) * (y1 - y0)
			const o = (y * AVATAR_SIZE + x) * 4
			for (let c = 0; c < 4; c++) out.data[o + c] = Math.round(sum[c] / count)
		}
	}
	return new Uint8Array(PNG.sync.write(out))
}
