// A PCM WAV file made on the spot: a tone of the given length (16-bit mono).
export function makeWav(seconds: number, sampleRate = 16_000) {
	const samples = Math.round(seconds * sampleRate)
	const bytes = new Uint8Array(44 + samples * 2)
	const view = new DataView(bytes.buffer)
	const text = (offset: number, value: string) =>
		[...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)))
	text(0, 'RIFF')
	view.setUint32(4, 36 + samples * 2, true)
	text(8, 'WAVE')
	text(12, 'fmt ')
	view.setUint32(16, 16, true)
	view.setUint16(20, 1, true) // PCM
	view.setUint16(22, 1, true) // mono
	view.setUint32(24, sampleRate, true)
	view.setUint32(28, sampleRate * 2, true) // byte rate
	view.setUint16(32, 2, true)
	view.setUint16(34, 16, true)
	text(36, 'data')
	view.setUint32(40, samples * 2, true)
	for (let i = 0; i < samples; i++)
		view.setInt16(44 + i * 2, Math.round(Math.sin((i / sampleRate) * 2 * Math.PI * 440) * 8000), true)
	return bytes
}
