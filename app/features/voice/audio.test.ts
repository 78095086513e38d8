// The length of voice messages, measured from their samples and frames: what the headers claim does
// not count, and what cannot be measured is said so.
import { expect, test } from 'vitest'
import { makeOggOpus, makeWebmOpus, VORBIS_HEADER } from '../../../tests/support/opus-audio.ts'
import { makeWav } from '../../../tests/support/wav.ts'
import { audioKind, audioSeconds } from './audio.ts'

/** A WAV whose fmt chunk says `byteRate` bytes a second, whatever its samples are. */
function lyingWav(seconds: number, byteRate: number, { sampleRate = 8_000 } = {}) {
	const wav = makeWav(seconds, sampleRate)
	new DataView(wav.buffer).setUint32(28, byteRate, true)
	return wav
}

const measure = (bytes: Uint8Array) => audioSeconds(bytes, audioKind(bytes)!)

test('WAV: the data chunk over rate × channels × sample size, not the byteRate it claims', () => {
	expect(measure(makeWav(1.5))).toBeCloseTo(1.5)
	// 500 seconds whose header says 5.
	const liar = lyingWav(500, 8_000 * 2 * 100)
	expect(measure(liar)).toBeCloseTo(500)
	// A data chunk that claims more than there is, or nothing (a streamed file): what is there counts.
	const short = makeWav(2)
	new DataView(short.buffer).setUint32(40, 0xffffffff, true)
	expect(measure(short)).toBeCloseTo(2)
	new DataView(short.buffer).setUint32(40, 0, true)
	expect(measure(short)).toBeCloseTo(2)
	// A second data chunk plays too.
	const first = makeWav(1)
	const second = makeWav(3).subarray(36)
	expect(measure(new Uint8Array([...first, ...second]))).toBeCloseTo(4)
})

test('WAV that cannot be measured: compressed, samples before their format, absurd formats', () => {
	const adpcm = makeWav(1)
	new DataView(adpcm.buffer).setUint16(20, 2, true) // Microsoft ADPCM
	expect(measure(adpcm)).toBe('unsupported')
	const oddBits = makeWav(1)
	new DataView(oddBits.buffer).setUint16(34, 12, true)
	expect(measure(oddBits)).toBe('unsupported')
	const slow = makeWav(1)
	new DataView(slow.buffer).setUint32(24, 1, true) // 1 sample a second: a minute would be 60 bytes
	expect(measure(slow)).toBe('damaged')
	const noFormat = makeWav(1)
	noFormat.set([...Buffer.from('junk')], 12)
	expect(measure(noFormat)).toBe('damaged')
	expect(measure(makeWav(1).subarray(0, 30))).toBe('damaged')
})

test('WAV with a second fmt chunk, or one after its data, is refused: decoders use the first', () => {
	// 4 MB of 8 kHz mono 8-bit samples (500 s), then a fmt of 192 kHz, 8 channels, 64-bit float: measured
	// by the last fmt, that was a third of a second.
	const wav = makeWav(250, 8_000)
	const view = new DataView(wav.buffer)
	view.setUint32(28, 8_000, true)
	view.setUint16(32, 1, true)
	view.setUint16(34, 8, true)
	expect(measure(wav)).toBeCloseTo(500)
	const float = new Uint8Array(24)
	const fmt = new DataView(float.buffer)
	float.set(Buffer.from('fmt '), 0)
	fmt.setUint32(4, 16, true)
	fmt.setUint16(8, 3, true) // IEEE float
	fmt.setUint16(10, 8, true)
	fmt.setUint32(12, 192_000, true)
	fmt.setUint32(16, 192_000 * 8 * 8, true)
	fmt.setUint16(20, 64, true)
	fmt.setUint16(22, 64, true)
	expect(measure(Buffer.concat([wav, float]))).toBe('damaged')
	// Two formats before the data: the second would decide as well.
	expect(measure(Buffer.concat([wav.subarray(0, 12), float, wav.subarray(12)]))).toBe('damaged')
})

test('Ogg/Opus: the packets’ frames, not the granule position of the last page', () => {
	expect(measure(makeOggOpus(2))).toBeCloseTo(2)
	expect(measure(makeOggOpus(120, { claimedSeconds: 1 }))).toBeCloseTo(120)
	expect(measure(makeOggOpus(0))).toBe(0)
})

test('Ogg that cannot be measured: another codec, a bad checksum, a torn or padded file', () => {
	const vorbis = makeOggOpus(1, { firstPacket: VORBIS_HEADER })
	expect(measure(vorbis)).toBe('unsupported')
	const ogg = makeOggOpus(3)
	const flipped = ogg.slice()
	flipped[ogg.length - 2] ^= 0x10
	expect(measure(flipped)).toBe('damaged')
	expect(measure(ogg.subarray(0, ogg.length - 10))).toBe('damaged')
	expect(measure(new Uint8Array([...ogg, 0, 0, 0]))).toBe('damaged')
})

test('WebM/Opus: the blocks’ frames, not the Duration element; laced blocks are counted frame by frame', () => {
	expect(measure(makeWebmOpus(2))).toBeCloseTo(2)
	expect(measure(makeWebmOpus(90, { claimedSeconds: 1 }))).toBeCloseTo(90)
	// One SimpleBlock of three Xiph-laced packets of 20, 40 and 120 ms (codes 0, 1 and 3).
	const webm = makeWebmOpus(0)
	const frames = [
		[0xf8, 0xff, 0xfe],
		[0xf9, 0xff, 0xfe],
		[0xfb, 0x06, 0xff, 0xfe],
	]
	const laced = [0x81, 0, 0, 0x82, 2, 3, 3, ...frames.flat()]
	expect(measure(new Uint8Array([...webm, 0xa3, 0x80 | laced.length, ...laced]))).toBeCloseTo(0.18)
	// The same with EBML lacing (a size of 3, then a difference of 0; the last takes the rest).
	const ebml = [0x81, 0, 0, 0x86, 2, 0x83, 0xbf, ...frames.flat()]
	expect(measure(new Uint8Array([...webm, 0xa3, 0x80 | ebml.length, ...ebml]))).toBeCloseTo(0.18)
})

test('WebM that cannot be measured: another codec, a block of an unknown track, a torn element', () => {
	const vorbis = makeWebmOpus(1)
	const at = Buffer.from(vorbis).indexOf('A_OPUS')
	vorbis.set([...Buffer.from('A_VORB')], at)
	expect(measure(vorbis)).toBe('unsupported')
	const webm = makeWebmOpus(1)
	expect(measure(new Uint8Array([...webm, 0xa3, 0x84, 0x82, 0, 0, 0x80]))).toBe('damaged')
	expect(measure(webm.subarray(0, webm.length - 2))).toBe('damaged')
	expect(measure(new Uint8Array([...webm, 0x00, 0x00]))).toBe('damaged')
})

test('4 MB of adversarial bytes are measured in one quick pass', () => {
	const started = performance.now()
	const junk = new Uint8Array(4 * 1024 * 1024).fill(0xa3)
	junk.set([0x1a, 0x45, 0xdf, 0xa3])
	expect(measure(junk)).toBe('damaged')
	const pages = makeOggOpus(60)
	expect(measure(pages)).toBeCloseTo(60)
	expect(performance.now() - started).toBeLessThan(1000)
})
