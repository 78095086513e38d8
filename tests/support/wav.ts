// A PCM WAV file made on the spot: a tone of the given length (16-bit mono), encoded as the voice
// test's engine encodes the caller's speech.
import { encodeWav } from '~/lib/voice/wav.ts'

export function makeWav(seconds: number, sampleRate = 16_000) {
	const samples = new Float32Array(Math.round(seconds * sampleRate))
	for (let i = 0; i < samples.length; i++) samples[i] = (Math.sin((i / sampleRate) * 2 * Math.PI * 440) * 8000) / 0x7fff
	return encodeWav(samples, sampleRate)
}
