// Opus audio made on the spot, in the two containers browsers record to: Ogg (RFC 7845) and WebM
// (as MediaRecorder writes it: a segment and clusters of unknown size, one SimpleBlock per packet).
// The packets are real 20 ms CELT silence frames; `claimedSeconds` sets what the headers say (the
// last page's granule position, the WebM Duration element) when a test needs them to lie.

/** A 20 ms fullband CELT frame of silence (TOC 0xf8: configuration 31, one frame). */
const SILENCE_PACKET = [0xf8, 0xff, 0xfe]
const PACKETS_PER_SECOND = 50

const packetCount = (seconds: number) => Math.round(seconds * PACKETS_PER_SECOND)

const OPUS_HEAD = [...Buffer.from('OpusHead'), 1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0] // v1, mono, pre-skip 312, 48 kHz
const OPUS_TAGS = [...Buffer.from('OpusTags'), 4, 0, 0, 0, ...Buffer.from('test'), 0, 0, 0, 0]

/** The identification header of a Vorbis stream: Ogg audio that is not Opus. */
export const VORBIS_HEADER = [...Buffer.from('\x01vorbis'), ...Buffer.alloc(22)]

const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
	let r = i << 24
	for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
	return r >>> 0
})

function oggPage(packets: number[][], { serial, sequence, granule, flags }: Record<string, number>) {
	const lacing: number[] = []
	for (const packet of packets) {
		for (let left = packet.length; ; left -= 255) {
			lacing.push(Math.min(left, 255))
			if (left < 255) break
		}
	}
	const page = Buffer.alloc(27 + lacing.length + packets.reduce((sum, p) => sum + p.length, 0))
	page.write('OggS', 0, 'latin1')
	page[5] = flags
	page.writeBigUInt64LE(BigInt(granule), 6)
	page.writeUInt32LE(serial, 14)
	page.writeUInt32LE(sequence, 18)
	page[26] = lacing.length
	page.set(lacing, 27)
	page.set(packets.flat(), 27 + lacing.length)
	let crc = 0
	for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0
	page.writeUInt32LE(crc, 22)
	return page
}

/** Ogg/Opus of `seconds` of packets, 50 packets (one second) a page; `firstPacket` replaces OpusHead. */
export function makeOggOpus(seconds: number, { claimedSeconds = seconds, firstPacket = OPUS_HEAD } = {}) {
	const serial = 0x5eed
	const total = packetCount(seconds)
	const pages = [
		oggPage([firstPacket], { serial, sequence: 0, granule: 0, flags: 0x02 }),
		oggPage([OPUS_TAGS], { serial, sequence: 1, granule: 0, flags: 0 }),
	]
	for (let sent = 0; sent < total; sent += PACKETS_PER_SECOND) {
		const count = Math.min(PACKETS_PER_SECOND, total - sent)
		const last = sent + count >= total
		const granule = last ? Math.round(claimedSeconds * 48_000) + 312 : (sent + count) * 960 + 312
		pages.push(
			oggPage(
				Array.from({ length: count }, () => SILENCE_PACKET),
				{ serial, sequence: pages.length, granule, flags: last ? 0x04 : 0 },
			),
		)
	}
	return new Uint8Array(Buffer.concat(pages))
}

function vint(value: number) {
	for (let length = 1; length <= 8; length++) {
		if (value < 2 ** (7 * length) - 1) {
			const bytes = []
			for (let i = length - 1, v = value; i >= 0; i--, v = Math.floor(v / 256)) bytes[i] = v & 0xff
			bytes[0] |= 0x80 >> (length - 1)
			return bytes
		}
	}
	throw new Error('too large')
}
function uint(value: number) {
	const bytes = []
	do {
		bytes.unshift(value & 0xff)
		value = Math.floor(value / 256)
	} while (value > 0)
	return bytes
}
const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
const idBytes = (id: number) => [...Buffer.from(id.toString(16).padStart(2, '0'), 'hex')]
const element = (id: number, body: number[]) => [...idBytes(id), ...vint(body.length), ...body]
const float64 = (value: number) => [...Buffer.from(new Float64Array([value]).buffer).reverse()]

/** WebM/Opus of `seconds` of packets, as MediaRecorder writes it; `claimedSeconds` goes in a Duration element. */
export function makeWebmOpus(seconds: number, { claimedSeconds = seconds } = {}) {
	const header = element(0x1a45dfa3, [
		...element(0x4282, [...Buffer.from('webm')]), // DocType
		...element(0x4287, [4]), // DocTypeVersion
	])
	const info = element(0x1549a966, [
		...element(0x2ad7b1, [0x0f, 0x42, 0x40]), // TimestampScale: 1 ms
		...element(0x4489, float64(claimedSeconds * 1000)), // Duration, in TimestampScale units
	])
	const tracks = element(0x1654ae6b, [
		...element(0xae, [
			...element(0xd7, [1]), // TrackNumber
			...element(0x83, [2]), // TrackType: audio
			...element(0x86, [...Buffer.from('A_OPUS')]),
			...element(0x63a2, OPUS_HEAD), // CodecPrivate
			...element(0xe1, [...element(0xb5, float64(48_000)), ...element(0x9f, [1])]), // Audio: rate, channels
		]),
	])
	const clusters: number[] = []
	const total = packetCount(seconds)
	for (let sent = 0; sent < total; sent += PACKETS_PER_SECOND) {
		clusters.push(0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN_SIZE, ...element(0xe7, uint(sent * 20)) /* Timestamp */)
		for (let i = 0; i < Math.min(PACKETS_PER_SECOND, total - sent); i++) {
			const timecode = i * 20
			clusters.push(...element(0xa3, [0x81, timecode >> 8, timecode & 0xff, 0x80, ...SILENCE_PACKET]))
		}
	}
	const segment = [0x18, 0x53, 0x80, 0x67, ...UNKNOWN_SIZE, ...info, ...tracks, ...clusters]
	return new Uint8Array([...header, ...segment])
}
