import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { expect, test } from 'vitest'
import { AVATAR_SIZE, avatarPng } from './avatar-image.ts'
import { runInSandbox, SandboxError } from './sandbox.server.ts'

function png(width: number, height: number) {
	const image = new PNG({ width, height })
	for (let i = 0; i < image.data.length; i += 4) image.data.set([200, 30, 60, 255], i)
	return new Uint8Array(PNG.sync.write(image))
}

/** A PNG whose header claims `side` × `side` pixels, with no pixels behind it (a decompression bomb's claim). */
function claimedPng(side: number) {
	const real = Buffer.from(png(1, 1))
	real.writeUInt32BE(side, 16)
	real.writeUInt32BE(side, 20)
	return new Uint8Array(real)
}

test('a PNG or JPEG becomes a fresh 96 px square PNG of its centre', () => {
	const fromPng = PNG.sync.read(Buffer.from(avatarPng(png(300, 120))))
	expect([fromPng.width, fromPng.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE])
	expect([...fromPng.data.subarray(0, 4)]).toEqual([200, 30, 60, 255])
	const photo = jpeg.encode({ width: 64, height: 80, data: Buffer.alloc(64 * 80 * 4, 128) }, 90).data
	const fromJpeg = PNG.sync.read(Buffer.from(avatarPng(new Uint8Array(photo))))
	expect([fromJpeg.width, fromJpeg.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE])
})

test('what is not a picture, a damaged one, and one that claims too many pixels are refused with a reason', () => {
	expect(() => avatarPng(new TextEncoder().encode('<svg onload="alert(1)"/>'))).toThrow('Choose a PNG or JPEG picture.')
	expect(() => avatarPng(png(10, 10).subarray(0, 40))).toThrow('The picture could not be read. It may be damaged.')
	expect(() => avatarPng(claimedPng(50_000))).toThrow('The picture is too large (50000 × 50000).')
})

test('in the sandbox, a refusal comes back as such and a good picture as PNG bytes', async () => {
	await expect(runInSandbox('avatar', [claimedPng(50_000)])).rejects.toMatchObject({
		reason: 'refused',
		message: expect.stringContaining('too large'),
	})
	await expect(runInSandbox('avatar', [new Uint8Array([1, 2, 3])])).rejects.toBeInstanceOf(SandboxError)
	const made = await runInSandbox<Uint8Array>('avatar', [png(120, 120)])
	expect(PNG.sync.read(Buffer.from(made)).width).toBe(AVATAR_SIZE)
}, 30_000)
