// Audio the voice API accepts, checked by its own bytes (never by the name or type the caller sends).
import { startsWithBytes } from '~/lib/magic-bytes.ts'

/** WebM/Opus (MediaRecorder), Ogg, or WAV, by their first bytes. */
export function audioKind(bytes: Uint8Array): 'webm' | 'ogg' | 'wav' | null {
	if (startsWithBytes(bytes, 0x1a, 0x45, 0xdf, 0xa3)) return 'webm'
	if (startsWithBytes(bytes, 0x4f, 0x67, 0x67, 0x53)) return 'ogg'
	if (startsWithBytes(bytes, 0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WAVE')
		return 'wav'
	return null
}

/** Seconds of audio in a PCM WAV file, from its fmt and data chunks; null when they cannot be found. */
export function wavSeconds(bytes: Uint8Array) {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	let byteRate = 0
	for (let offset = 12; offset + 8 <= bytes.byteLength;) {
		const id = String.fromCharCode(...bytes.slice(offset, offset + 4))
		const size = view.getUint32(offset + 4, true)
		if (id === 'fmt ' && offset + 16 <= bytes.byteLength) byteRate = view.getUint32(offset + 16, true)
		if (id === 'data') return byteRate > 0 ? Math.min(size, bytes.byteLength - offset - 8) / byteRate : null
		offset += 8 + size + (size % 2)
	}
	return null
}
