// Reads one picture (the path in argv) as the sandbox's avatar task does, in a process of its own
// with the sandbox's heap cap, and prints what came of it and the process's peak memory (resident
// set: Buffers and native memory, which the heap cap does not bound).
import { readFileSync } from 'node:fs'
import { avatarPng } from '~/lib/sandbox/avatar-image.ts'

const bytes = new Uint8Array(readFileSync(process.argv[2]))
let outcome: { ok: true; bytes: number } | { ok: false; error: string }
try {
	outcome = { ok: true, bytes: (await avatarPng(bytes)).byteLength }
} catch (error) {
	outcome = { ok: false, error: (error as Error).message }
}
console.log(JSON.stringify({ ...outcome, peakMb: Math.round(process.resourceUsage().maxRSS / 1024) }))
