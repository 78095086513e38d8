import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { jpegScanBomb } from '../../../tests/support/jpeg-scan-bomb.ts'
import { AVATAR_SIZE, avatarPng, jpegScanCount, MAX_JPEG_SCANS } from './avatar-image.ts'
import { runInSandbox, SandboxError } from './sandbox.server.ts'

const RED = { r: 200, g: 30, b: 60 }
const BLUE = { r: 20, g: 40, b: 220 }

/** A picture `width` wide, red in its centre square and blue on either side of it. */
async function picture(width: number, height: number, format: 'png' | 'jpeg') {
	const side = Math.min(width, height)
	const centre = await sharp({ create: { width: side, height: side, channels: 3, background: RED } })
		.png()
		.toBuffer()
	const image = sharp({ create: { width, height, channels: 3, background: BLUE } }).composite([
		{ input: centre, left: Math.floor((width - side) / 2), top: Math.floor((height - side) / 2) },
	])
	const encoded = format === 'png' ? image.png() : image.jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
	return new Uint8Array(await encoded.toBuffer())
}

/** Width, height and the RGBA of every pixel of a PNG. */
async function pixels(png: Uint8Array) {
	const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
	return { width: info.width, height: info.height, channels: info.channels, data }
}

function chunk(type: string, body: Buffer) {
	const head = Buffer.alloc(8)
	head.writeUInt32BE(body.length, 0)
	head.write(type, 4, 'latin1')
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), body])), 0)
	return Buffer.concat([head, body, crc])
}

/** A PNG written by hand: an RGBA header of `width` × `height`, and `idat` as its compressed pixel data. */
function handmadePng(width: number, height: number, idat: Buffer, { interlaced = false } = {}) {
	const header = Buffer.alloc(13)
	header.writeUInt32BE(width, 0)
	header.writeUInt32BE(height, 4)
	header.set([8, 6, 0, 0, interlaced ? 1 : 0], 8) // 8 bits, RGBA, deflate, standard filters, Adam7 or not
	const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
	return new Uint8Array(
		Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]),
	)
}

/** A PNG whose header claims `side` × `side` pixels, with no pixels behind it (a decompression bomb's claim). */
const claimedPng = (side: number) => handmadePng(side, side, zlib.deflateSync(Buffer.alloc(16)))

/**
 * The interlaced PNG of the report: under 1.1 MB, a 4,000 px square Adam7 header (16 megapixels, the most accepted), and a zlib stream
 * that inflates to 1 GB of zeros (the picture needs 64 MB of it; a decoder that inflates the whole
 * stream before it looks grows to gigabytes).
 */
async function interlacedBomb() {
	const deflate = zlib.createDeflate({ level: 9 })
	const parts: Buffer[] = []
	deflate.on('data', (part: Buffer) => parts.push(part))
	const ended = new Promise((resolve) => deflate.on('end', resolve))
	const zeros = Buffer.alloc(16 * 1024 * 1024)
	for (let i = 0; i < 64; i++) deflate.write(zeros)
	deflate.end()
	await ended
	return handmadePng(4000, 4000, Buffer.concat(parts), { interlaced: true })
}

let dir: string
beforeAll(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'avatar-test-'))
})
afterAll(async () => {
	await rm(dir, { recursive: true, force: true })
})

/** avatarPng in a process of its own with the sandbox's heap cap: its outcome and peak resident memory. */
async function inOwnProcess(bytes: Uint8Array) {
	const file = path.join(dir, `${Math.random().toString(36).slice(2)}.png`)
	await writeFile(file, bytes)
	const { stdout } = await promisify(execFile)(
		process.execPath,
		[
			'--import',
			'tsx',
			'--max-old-space-size=256',
			fileURLToPath(new URL('../../../tests/support/avatar-peak-memory.ts', import.meta.url)),
			file,
		],
		{ timeout: 60_000 },
	)
	return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ok: boolean; error?: string; peakMb: number }
}

test('a PNG or JPEG becomes a fresh 96 px square PNG of its centre', async () => {
	for (const format of ['png', 'jpeg'] as const) {
		const made = await pixels(await avatarPng(await picture(300, 120, format)))
		expect([made.width, made.height, made.channels], format).toEqual([AVATAR_SIZE, AVATAR_SIZE, 4])
		// Every pixel is from the red centre; the blue sides are cut off.
		for (let i = 0; i < made.data.length; i += 4) {
			const [r, g, b, a] = made.data.subarray(i, i + 4)
			expect(Math.abs(r - RED.r) + Math.abs(g - RED.g) + Math.abs(b - RED.b), `${format} pixel ${i / 4}`).toBeLessThan(
				30,
			)
			expect(a).toBe(255)
		}
	}
	// Adam7-interlaced PNGs are ordinary pictures too.
	const interlaced = await sharp({ create: { width: 200, height: 200, channels: 4, background: { ...RED, alpha: 1 } } })
		.png({ progressive: true })
		.toBuffer()
	expect((await pixels(await avatarPng(new Uint8Array(interlaced)))).width).toBe(AVATAR_SIZE)
})

test('what is not a picture, a damaged one, and one that claims too many pixels are refused with a reason', async () => {
	await expect(avatarPng(new TextEncoder().encode('<svg onload="alert(1)"/>'))).rejects.toThrow(
		'Choose a PNG or JPEG picture.',
	)
	// Other formats sharp could read are not accepted by the back door.
	const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: RED } })
		.webp()
		.toBuffer()
	await expect(avatarPng(new Uint8Array(webp))).rejects.toThrow('Choose a PNG or JPEG picture.')
	const whole = await picture(64, 64, 'png')
	await expect(avatarPng(whole.subarray(0, 60))).rejects.toThrow('The picture could not be read. It may be damaged.')
	await expect(avatarPng(claimedPng(50_000))).rejects.toThrow('The picture is too large (50000 × 50000).')
	await expect(avatarPng(claimedPng(5000))).rejects.toThrow('The picture is too large (5000 × 5000).')
})

test('an interlaced PNG that inflates to 1 GB is read in bounded memory', async () => {
	const bomb = await interlacedBomb()
	expect(bomb.byteLength).toBeLessThan(1.1 * 1024 * 1024)
	const outcome = await inOwnProcess(bomb)
	// Converted or refused, never gigabytes: 64 MB of pixels, plus the runtime and the decoder.
	expect(outcome.peakMb).toBeLessThan(400)
	expect(outcome.ok || outcome.error === 'The picture could not be read. It may be damaged.').toBe(true)
	// And in the sandbox itself, the child answers instead of dying.
	const inSandbox = await runInSandbox<Uint8Array>('avatar', [bomb]).then(
		(png) => ({ ok: true, png }),
		(error: SandboxError) => ({ ok: false, reason: error.reason }),
	)
	expect(inSandbox).toSatisfy((result: { ok: boolean; reason?: string }) => result.ok || result.reason === 'refused')
}, 60_000)

test('a progressive JPEG of thousands of scans is refused before decoding; an ordinary progressive one is read', async () => {
	// 176 KB that took sharp 5 to 26 s to decode (once per scan, over 250,000 blocks).
	const bomb = jpegScanBomb()
	expect(jpegScanCount(bomb)).toBe(2_649)
	const started = performance.now()
	await expect(avatarPng(bomb)).rejects.toThrow(
		'The picture is stored in too many passes (2,649 scans). Save it again as a standard JPEG.',
	)
	expect(performance.now() - started).toBeLessThan(1_000)

	const progressive = new Uint8Array(
		await sharp({ create: { width: 300, height: 200, channels: 3, background: RED } })
			.jpeg({ progressive: true })
			.toBuffer(),
	)
	const scans = jpegScanCount(progressive)
	expect(scans).toBeGreaterThan(1)
	expect(scans).toBeLessThanOrEqual(MAX_JPEG_SCANS)
	// An APP1 segment (where EXIF keeps a thumbnail) full of scan markers is skipped whole.
	const thumbnail = Buffer.alloc(2000, Buffer.from([0xff, 0xda, 0x00, 0x04]))
	const app1 = Buffer.concat([
		Buffer.from([0xff, 0xe1, (thumbnail.length + 2) >> 8, (thumbnail.length + 2) & 0xff]),
		thumbnail,
	])
	const withThumbnail = Buffer.concat([progressive.subarray(0, 2), app1, progressive.subarray(2)])
	expect(jpegScanCount(withThumbnail)).toBe(scans)
	expect((await pixels(await avatarPng(new Uint8Array(withThumbnail)))).width).toBe(AVATAR_SIZE)
})

test('scans are counted past stuffed bytes and restart markers in their data', () => {
	const sos = [0xff, 0xda, 0x00, 0x08, 1, 1, 0x00, 0, 63, 0x00]
	const data = [0x12, 0xff, 0x00, 0xda, 0xff, 0xd3, 0x44, 0xff, 0xff, 0xd0, 0x01]
	const jpeg = new Uint8Array([0xff, 0xd8, ...sos, ...data, ...sos, ...data, 0xff, 0xff, 0xd9, 0xff, 0xda])
	expect(jpegScanCount(jpeg)).toBe(2)
	// A file cut inside a segment stops the count (the decoder refuses it as damaged).
	expect(jpegScanCount(jpeg.subarray(0, 5))).toBe(0)
})

test('in the sandbox, a refusal comes back as such and a good picture as PNG bytes', async () => {
	await expect(runInSandbox('avatar', [claimedPng(50_000)])).rejects.toMatchObject({
		reason: 'refused',
		message: expect.stringContaining('too large'),
	})
	await expect(runInSandbox('avatar', [new Uint8Array([1, 2, 3])])).rejects.toBeInstanceOf(SandboxError)
	const made = await runInSandbox<Uint8Array>('avatar', [await picture(120, 120, 'png')])
	expect((await pixels(made)).width).toBe(AVATAR_SIZE)
}, 30_000)
