// Audio the voice API accepts, checked by its own bytes (never by the name or type the caller sends),
// and its length measured from the audio itself, never from what a header claims: a WAV's byteRate,
// an Ogg page's granule position or a WebM Duration element are the sender's words, and a speech-to-
// text provider bills (and a decoder plays) the samples that are there.
// docs/decisions/0025-measured-uploads.md
//
// One pass over at most VOICE_AUDIO_MAX_BYTES, with no regular expressions and no recursion: linear
// in the input, so it runs on the request rather than in the parser sandbox.
import { startsWithBytes } from '~/lib/magic-bytes.ts'

export type AudioKind = 'webm' | 'ogg' | 'wav'

/** WebM/Opus (MediaRecorder), Ogg, or WAV, by their first bytes. */
export function audioKind(bytes: Uint8Array): AudioKind | null {
	if (startsWithBytes(bytes, 0x1a, 0x45, 0xdf, 0xa3)) return 'webm'
	if (startsWithBytes(bytes, 0x4f, 0x67, 0x67, 0x53)) return 'ogg'
	if (startsWithBytes(bytes, 0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WAVE')
		return 'wav'
	return null
}

/**
 * Why a length could not be measured: a codec this code cannot count (Vorbis, FLAC, compressed WAV)
 * or a file that is not whole and well-formed (a decoder would skip or resynchronise past the damage,
 * so what it plays could be more than what was counted).
 */
export type Unmeasurable = 'unsupported' | 'damaged'

/** Seconds of sound in the file, from its samples or frames; or why that cannot be known. */
export function audioSeconds(bytes: Uint8Array, kind: AudioKind): number | Unmeasurable {
	if (kind === 'wav') return wavSeconds(bytes)
	const samples = kind === 'ogg' ? oggOpusSamples(bytes) : webmOpusSamples(bytes)
	return typeof samples === 'number' ? samples / OPUS_RATE : samples
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
	String.fromCharCode(...bytes.subarray(from, from + length))

// ---- WAV ----

const WAV_FORMATS: Record<number, number[]> = {
	1: [8, 16, 24, 32], // PCM
	3: [32, 64], // IEEE float
	6: [8], // A-law
	7: [8], // µ-law
}

/**
 * PCM (or float, A-law, µ-law) WAV: every data chunk's bytes as they are in the file, over the
 * sample rate × channels × bytes per sample of the fmt chunk. A data chunk that claims more than
 * there is, or 0 (a streamed file), counts what is there; every data chunk counts (decoders go on
 * to the next one). A second fmt chunk, or one after the data, is refused as damaged: decoders play
 * the samples by the first, so a later one (192 kHz, 8 channels, 64-bit) could make 500 seconds of
 * 8 kHz audio measure a third of a second.
 */
function wavSeconds(bytes: Uint8Array): number | Unmeasurable {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	let bytesPerSecond = 0
	let dataBytes = 0
	let sawData = false
	for (let offset = 12; offset + 8 <= bytes.byteLength;) {
		const id = ascii(bytes, offset, 4)
		const size = view.getUint32(offset + 4, true)
		const body = offset + 8
		const available = bytes.byteLength - body
		if (id === 'fmt ') {
			if (bytesPerSecond || sawData) return 'damaged'
			if (size < 16 || available < 16) return 'damaged'
			let format = view.getUint16(body, true)
			const channels = view.getUint16(body + 2, true)
			const sampleRate = view.getUint32(body + 4, true)
			const bits = view.getUint16(body + 14, true)
			// WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of its sub-format GUID.
			if (format === 0xfffe) format = size >= 40 && available >= 26 ? view.getUint16(body + 24, true) : 0
			if (!WAV_FORMATS[format]?.includes(bits)) return 'unsupported'
			if (channels < 1 || channels > 8 || sampleRate < 8_000 || sampleRate > 192_000) return 'damaged'
			bytesPerSecond = sampleRate * channels * (bits / 8)
		} else if (id === 'data') {
			if (!bytesPerSecond) return 'damaged' // samples before their format
			sawData = true
			dataBytes += size === 0 || size > available ? available : size
		}
		offset = body + size + (size % 2)
	}
	return sawData ? dataBytes / bytesPerSecond : 'damaged'
}

// ---- Opus frames (RFC 6716 section 3.1) ----

/** Opus always decodes at 48 kHz; a packet holds at most 120 ms. */
const OPUS_RATE = 48_000
const MAX_PACKET_SAMPLES = 5_760

/** Samples per frame by the TOC byte's configuration: SILK, hybrid, then CELT modes. */
function opusFrameSamples(config: number) {
	if (config < 12) return [480, 960, 1920, 2880][config & 3]
	if (config < 16) return [480, 960][config & 1]
	return [120, 240, 480, 960][config & 3]
}

/**
 * Samples one Opus packet decodes to, from its TOC byte (and the frame count byte of code 3), or
 * null when it is not a valid packet. An empty packet is counted as the most a decoder could conceal
 * for it.
 */
function opusPacketSamples(first: number | undefined, second: number | undefined, size: number) {
	if (size === 0 || first === undefined) return MAX_PACKET_SAMPLES
	const frame = opusFrameSamples(first >> 3)
	const code = first & 3
	let frames = code === 0 ? 1 : 2
	if (code === 3) {
		if (size < 2 || second === undefined) return null
		frames = second & 0x3f
	}
	if (frames === 0 || frame * frames > MAX_PACKET_SAMPLES) return null
	return frame * frames
}

// ---- Ogg (RFC 3533) carrying Opus (RFC 7845) ----

const OGG_CRC_TABLE = (() => {
	const table = new Uint32Array(256)
	for (let i = 0; i < 256; i++) {
		let r = i << 24
		for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
		table[i] = r >>> 0
	}
	return table
})()

/** Ogg's page checksum (CRC-32, polynomial 0x04c11db7, not reflected), its own field read as zero. */
function oggPageCrc(bytes: Uint8Array, start: number, end: number) {
	let crc = 0
	for (let i = start; i < end; i++) {
		const byte = i - start >= 22 && i - start < 26 ? 0 : bytes[i]
		crc = ((crc << 8) ^ OGG_CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0
	}
	return crc
}

type OggStream = { packets: number; size: number; head: number[] }

/**
 * Every packet of every logical stream, each page's checksum checked (a decoder skips a bad page
 * and looks for the next inside it, so a bad page here is damage, not something to step over).
 * Each stream must be Opus; its audio packets' samples are summed.
 */
function oggOpusSamples(bytes: Uint8Array): number | Unmeasurable {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const streams = new Map<number, OggStream>()
	let samples = 0
	for (let offset = 0; offset < bytes.byteLength;) {
		if (bytes.byteLength - offset < 27 || ascii(bytes, offset, 4) !== 'OggS' || bytes[offset + 4] !== 0)
			return 'damaged'
		const headerType = bytes[offset + 5]
		const serial = view.getUint32(offset + 14, true)
		const segments = bytes[offset + 26]
		const table = offset + 27
		if (table + segments > bytes.byteLength) return 'damaged'
		let bodySize = 0
		for (let i = 0; i < segments; i++) bodySize += bytes[table + i]
		const end = table + segments + bodySize
		if (end > bytes.byteLength || oggPageCrc(bytes, offset, end) !== view.getUint32(offset + 22, true)) return 'damaged'
		let stream = streams.get(serial)
		if (!stream) {
			if (!(headerType & 0x02)) return 'damaged' // a stream must begin with its first page
			stream = { packets: 0, size: 0, head: [] }
			streams.set(serial, stream)
		}
		let at = table + segments
		for (let i = 0; i < segments; i++) {
			const lacing = bytes[table + i]
			for (let b = at; b < at + lacing && stream.head.length < 8; b++) stream.head.push(bytes[b])
			stream.size += lacing
			at += lacing
			if (lacing === 255) continue // the packet goes on in the next segment (or page)
			if (stream.packets === 0) {
				if (String.fromCharCode(...stream.head) !== 'OpusHead') return 'unsupported'
			} else if (stream.packets > 1) {
				const packet = opusPacketSamples(stream.head[0], stream.head[1], stream.size)
				if (packet === null) return 'damaged'
				samples += packet
			}
			stream.packets++
			stream.size = 0
			stream.head = []
		}
		offset = end
	}
	return streams.size > 0 ? samples : 'damaged'
}

// ---- WebM / Matroska carrying Opus ----

const EBML = {
	segment: 0x18538067,
	cluster: 0x1f43b675,
	tracks: 0x1654ae6b,
	trackEntry: 0xae,
	trackNumber: 0xd7,
	codecId: 0x86,
	contentEncodings: 0x6d80,
	blockGroup: 0xa0,
	block: 0xa1,
	simpleBlock: 0xa3,
}
/** Elements whose children are read in place (whatever their size says: MediaRecorder leaves it unknown). */
const CONTAINERS = new Set([EBML.segment, EBML.cluster, EBML.tracks, EBML.trackEntry, EBML.blockGroup])

/** An EBML variable-length integer at `at`: its value (marker bit removed), length, and whether all its bits are set. */
function readVint(bytes: Uint8Array, at: number) {
	const first = bytes[at]
	if (first === undefined || first === 0) return null
	const length = Math.clz32(first) - 23
	if (at + length > bytes.byteLength) return null
	let value = first & (0xff >> length)
	let allOnes = value === 0xff >> length
	for (let i = 1; i < length; i++) {
		value = value * 256 + bytes[at + i]
		allOnes &&= bytes[at + i] === 0xff
	}
	return { value, length, unknown: allOnes }
}

/** An element ID keeps its marker bits (as the Matroska specification writes them). */
function readId(bytes: Uint8Array, at: number) {
	const first = bytes[at]
	if (first === undefined || first < 0x10) return null
	const length = Math.clz32(first) - 23
	if (at + length > bytes.byteLength) return null
	let id = 0
	for (let i = 0; i < length; i++) id = id * 256 + bytes[at + i]
	return { id, length }
}

/**
 * The frames of one Block or SimpleBlock (its track, then each laced frame's first two bytes and
 * size), added up as Opus packets; null when the block is malformed or not of an Opus track.
 */
function webmBlockSamples(bytes: Uint8Array, start: number, end: number, opusTracks: Map<number, boolean>) {
	const track = readVint(bytes, start)
	if (!track || start + track.length + 3 > end) return 'damaged'
	const opus = opusTracks.get(track.value)
	if (opus === undefined) return 'damaged'
	if (!opus) return 'unsupported'
	const flags = bytes[start + track.length + 2]
	let at = start + track.length + 3
	const lacing = (flags >> 1) & 3
	const sizes: number[] = []
	if (lacing !== 0) {
		if (at >= end) return 'damaged'
		const count = bytes[at++] + 1
		if (lacing === 1) {
			// Xiph lacing: each size but the last as a run of 255s and a final byte.
			for (let i = 0; i < count - 1; i++) {
				let size = 0
				for (;;) {
					if (at >= end) return 'damaged'
					const byte = bytes[at++]
					size += byte
					if (byte < 255) break
				}
				sizes.push(size)
			}
		} else if (lacing === 3) {
			// EBML lacing: the first size, then each next one as a signed difference from the one before.
			const first = readVint(bytes, at)
			if (!first) return 'damaged'
			at += first.length
			sizes.push(first.value)
			for (let i = 1; i < count - 1; i++) {
				const delta = readVint(bytes, at)
				if (!delta) return 'damaged'
				at += delta.length
				sizes.push(sizes[i - 1] + delta.value - (2 ** (7 * delta.length - 1) - 1))
			}
		} else {
			if ((end - at) % count !== 0) return 'damaged'
			for (let i = 0; i < count - 1; i++) sizes.push((end - at) / count)
		}
		const laced = sizes.reduce((sum, size) => sum + size, 0)
		if (sizes.some((size) => size < 0) || at + laced > end) return 'damaged'
		sizes.push(end - at - laced)
	} else {
		sizes.push(end - at)
	}
	let samples = 0
	for (const size of sizes) {
		const packet = opusPacketSamples(size > 0 ? bytes[at] : undefined, size > 1 ? bytes[at + 1] : undefined, size)
		if (packet === null) return 'damaged'
		samples += packet
		at += size
	}
	return samples
}

/**
 * Walks the file's elements in order, stepping into the segment, its clusters, tracks and block
 * groups, and over everything else by its size. Every track must be Opus without content encoding
 * (compressed or encrypted frames could not be counted); every block's frames are summed.
 */
function webmOpusSamples(bytes: Uint8Array): number | Unmeasurable {
	const opusTracks = new Map<number, boolean>()
	// The track entry being read (its elements come one after another in this flat walk).
	let entry: { number?: number; codec?: string; encoded?: boolean } | undefined
	const closeEntry = () => {
		if (entry?.number !== undefined) opusTracks.set(entry.number, entry.codec === 'A_OPUS' && !entry.encoded)
		entry = undefined
	}
	let samples = 0
	let blocks = 0
	for (let offset = 0; offset < bytes.byteLength;) {
		const id = readId(bytes, offset)
		const size = id && readVint(bytes, offset + id.length)
		if (!id || !size) return 'damaged'
		const body = offset + id.length + size.length
		if (CONTAINERS.has(id.id)) {
			if (id.id === EBML.trackEntry) {
				closeEntry()
				entry = {}
			}
			if (id.id === EBML.cluster) closeEntry()
			offset = body
			continue
		}
		if (size.unknown || body + size.value > bytes.byteLength) return 'damaged'
		const end = body + size.value
		if (id.id === EBML.trackNumber && entry) {
			entry.number = 0
			for (let i = body; i < end; i++) entry.number = entry.number * 256 + bytes[i]
		} else if (id.id === EBML.codecId && entry) {
			// "A_OPUS", perhaps padded with zero bytes; anything longer is some other codec.
			let length = Math.min(size.value, 16)
			while (length > 0 && bytes[body + length - 1] === 0) length--
			entry.codec = size.value <= 16 ? ascii(bytes, body, length) : 'other'
		} else if (id.id === EBML.contentEncodings && entry) {
			entry.encoded = true
		} else if (id.id === EBML.simpleBlock || id.id === EBML.block) {
			closeEntry()
			const block = webmBlockSamples(bytes, body, end, opusTracks)
			if (typeof block !== 'number') return block
			samples += block
			blocks++
		}
		offset = end
	}
	return opusTracks.size > 0 || blocks > 0 ? samples : 'damaged'
}
