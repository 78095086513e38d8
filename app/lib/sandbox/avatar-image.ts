// An uploaded avatar, read in the sandbox (parse-worker.ts): a PNG or JPEG, its size checked from
// its header before any pixel is decoded (a 1 KB file can claim 50,000 × 50,000 pixels), then
// cropped to a square, scaled to AVATAR_SIZE and written as a fresh PNG, so nothing of the upload
// but its pixels is ever served.
//
// Decoded by sharp (libvips), which refuses more than `limitInputPixels` before it decodes and keeps
// its buffers bounded by the picture's pixels. A JavaScript decoder did not: pngjs grew to about
// 2 GB on a 1 MB interlaced PNG, outside the child's heap limit (Buffers are not on the heap).
// docs/decisions/0025-measured-uploads.md
import type sharpModule from 'sharp'
import type { Sharp } from 'sharp'
import { ParseRefusal } from './parsers.ts'

export const AVATAR_SIZE = 96
/** The largest picture read: 4,096 pixels a side, 16 megapixels. */
const MAX_SIDE = 4096
const MAX_PIXELS = 16_000_000

/**
 * Scans a JPEG may have. A progressive JPEG is decoded once per scan over the whole picture: common
 * encoders write about 10, but 2,647 scans of empty bands over 4000 × 4000 (176 KB) took 5 to 26 s.
 */
export const MAX_JPEG_SCANS = 100

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

let loaded: typeof sharpModule | undefined

/**
 * sharp, loaded on the first picture (the sandbox's document children never pay for it), with no
 * cache and one thread: a child reads one upload and exits, and must not take the server's cores.
 */
async function loadSharp() {
	if (!loaded) {
		loaded = (await import('sharp')).default
		loaded.cache(false)
		loaded.concurrency(1)
	}
	return loaded
}

function checkSize(width: number | undefined, height: number | undefined) {
	if (!width || !height) throw new ParseRefusal('The picture has no pixels.')
	if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
		throw new ParseRefusal(`The picture is too large (${width} × ${height}). Use one up to ${MAX_SIDE} pixels a side.`)
}

/** The kind by the first bytes: only PNG and JPEG are handed to the decoder at all. */
function kindOf(bytes: Uint8Array) {
	if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'png'
	if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
	throw new ParseRefusal('Choose a PNG or JPEG picture.')
}

/**
 * How many scans (SOS segments) a JPEG has, counted in one pass over its segments, not its pixels:
 * each segment's length skips its payload (an EXIF thumbnail inside APP1 is a JPEG of its own), and
 * a scan's entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart
 * (RST0-7). A file that ends early stops the count; the decoder then refuses it as damaged.
 */
export function jpegScanCount(bytes: Uint8Array) {
	let scans = 0
	let offset = 2 // after SOI
	while (offset + 1 < bytes.byteLength) {
		if (bytes[offset] !== 0xff) return scans // not a marker: damaged, left to the decoder
		const marker = bytes[offset + 1]
		if (marker === 0xff) {
			offset++ // fill byte before a marker
			continue
		}
		if (marker === 0xd9) return scans // EOI
		if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xd8) {
			offset += 2 // markers without a length
			continue
		}
		if (offset + 3 >= bytes.byteLength) return scans
		offset += 2 + ((bytes[offset + 2] << 8) | bytes[offset + 3])
		if (marker !== 0xda) continue
		scans++
		// The entropy-coded data: up to the next marker that is neither stuffing nor a restart.
		while (offset + 1 < bytes.byteLength) {
			if (bytes[offset] === 0xff) {
				const next = bytes[offset + 1]
				if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break
				if (next === 0xff) {
					offset++
					continue
				}
				offset += 2
			} else offset++
		}
	}
	return scans
}

/** The upload as a square PNG of AVATAR_SIZE pixels (the centre of the picture, scaled down). */
export async function avatarPng(bytes: Uint8Array): Promise<Uint8Array> {
	const kind = kindOf(bytes)
	if (kind === 'jpeg') {
		const scans = jpegScanCount(bytes)
		if (scans > MAX_JPEG_SCANS)
			throw new ParseRefusal(
				`The picture is stored in too many passes (${scans.toLocaleString('en-US')} scans). Save it again as a standard JPEG.`,
			)
	}
	const sharp = await loadSharp()
	const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	let metadata
	try {
		// The header only: its size is checked here, to say why a picture is refused.
		metadata = await sharp(input, { limitInputPixels: false }).metadata()
	} catch {
		throw new ParseRefusal('The picture could not be read. It may be damaged.')
	}
	if (metadata.format !== kind) throw new ParseRefusal('Choose a PNG or JPEG picture.')
	checkSize(metadata.width, metadata.height)
	// Any warning (a truncated or corrupt stream) stops the decoder: a damaged upload is refused.
	const image: Sharp = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'warning' })
	try {
		const out = await image
			.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
			.ensureAlpha()
			.png()
			.toBuffer()
		return new Uint8Array(out) // its own copy: only these bytes cross to the parent
	} catch {
		throw new ParseRefusal('The picture could not be read. It may be damaged.')
	}
}
