// Real speech for the fake microphone (the voice e2e tests): sentences spoken by espeak-ng with
// silences between them, as one 16-bit mono 44.1 kHz WAV that Chromium plays as the microphone.
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { makeWav } from './wav.ts'

const RATE = 44_100

/** 16-bit mono samples of a sentence spoken by espeak-ng (22.05 kHz), doubled to 44.1 kHz. */
export function spoken(sentence: string) {
	const file = path.join(tmpdir(), `espeak-${process.pid}-${Math.random().toString(36).slice(2)}.wav`)
	execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', file, sentence])
	const bytes = readFileSync(file)
	rmSync(file)
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	// Walk the chunks to the samples (espeak-ng writes a plain fmt + data WAV).
	let offset = 12
	while (offset + 8 <= bytes.length && bytes.toString('ascii', offset, offset + 4) !== 'data')
		offset += 8 + view.getUint32(offset + 4, true)
	const rate = view.getUint32(24, true)
	const source = new Int16Array(bytes.buffer.slice(bytes.byteOffset + offset + 8, bytes.byteOffset + bytes.length))
	const factor = RATE / rate
	const out = new Int16Array(Math.floor(source.length * factor))
	for (let i = 0; i < out.length; i++) out[i] = source[Math.floor(i / factor)]
	return out
}

export const silence = (seconds: number) => new Int16Array(Math.round(seconds * RATE))

/** A 16-bit mono WAV (44.1 kHz unless told) of the pieces one after another. */
export function wavOf(pieces: Int16Array[], rate = RATE) {
	const length = pieces.reduce((sum, piece) => sum + piece.length, 0)
	const bytes = new Uint8Array(44 + length * 2)
	bytes.set(makeWav(0, rate).subarray(0, 44))
	const view = new DataView(bytes.buffer)
	view.setUint32(4, 36 + length * 2, true)
	view.setUint32(40, length * 2, true)
	let at = 44
	for (const piece of pieces) {
		bytes.set(new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength), at)
		at += piece.byteLength
	}
	return bytes
}
