// The caller's utterance as a WAV file for the voice API: the voice activity detector hands over
// Float32 samples (-1…1, mono, 16 kHz); 16-bit PCM is what every speech-to-text service reads and
// what the API measures by its samples (app/features/voice/audio.ts).

/** 16-bit PCM mono WAV bytes of `samples` at `sampleRate`; values outside -1…1 are clipped. */
export function encodeWav(samples: Float32Array, sampleRate = 16_000): Uint8Array<ArrayBuffer> {
	const bytes = new Uint8Array(44 + samples.length * 2)
	const view = new DataView(bytes.buffer)
	const text = (offset: number, value: string) => {
		for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i))
	}
	text(0, 'RIFF')
	view.setUint32(4, 36 + samples.length * 2, true)
	text(8, 'WAVE')
	text(12, 'fmt ')
	view.setUint32(16, 16, true)
	view.setUint16(20, 1, true) // PCM
	view.setUint16(22, 1, true) // mono
	view.setUint32(24, sampleRate, true)
	view.setUint32(28, sampleRate * 2, true) // bytes per second
	view.setUint16(32, 2, true) // bytes per frame
	view.setUint16(34, 16, true)
	text(36, 'data')
	view.setUint32(40, samples.length * 2, true)
	for (let i = 0; i < samples.length; i++) {
		const s = Math.max(-1, Math.min(1, samples[i] || 0))
		view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true)
	}
	return bytes
}
