// Request bodies are capped on the stream, before anything reads them: a body must declare its
// length (every browser form and fetch does), and a declared length over the route's cap is refused
// with 413 at once. Node's HTTP parser never hands the app more than the declared length, so no
// route can be made to buffer more than its cap.
import type { NextFunction, Request, Response } from 'express'
import { logValue } from '~/lib/log.ts'

export type BodyLimit = { maxBytes: number; label: string }

/** How long a refused upload is drained before its connection is cut. */
const DRAIN_MS = 5_000

export function bodyLimit(limitFor: (path: string) => BodyLimit) {
	return (req: Request, res: Response, next: NextFunction) => {
		if (req.method === 'GET' || req.method === 'HEAD') return next()
		const declared = req.headers['content-length']
		const chunked = req.headers['transfer-encoding'] !== undefined
		if (declared === undefined && !chunked) return next() // no body at all
		const limit = limitFor(req.path)
		if (chunked || declared === undefined) return refuse(req, res, 411, 'Send the request body with a Content-Length.')
		if (Number(declared) > limit.maxBytes) {
			console.warn(`413 for ${req.method} ${logValue(req.path)}: ${declared} bytes declared, ${limit.maxBytes} allowed`)
			return refuse(req, res, 413, `The request is too large: ${limit.label} at most.`)
		}
		next()
	}
}

/**
 * Answers at once, with Connection: close so the client's next request goes on a fresh connection,
 * and reads (and drops) what the client is still sending for a moment, so it sees the answer rather
 * than a reset connection.
 */
function refuse(req: Request, res: Response, status: number, message: string) {
	res.status(status).set('Connection', 'close')
	// The JSON APIs answer errors as JSON ({ error }), pages as text.
	if (req.path.startsWith('/api/')) res.json({ error: message })
	else res.type('text/plain').send(message)
	const cut = setTimeout(() => req.destroy(), DRAIN_MS)
	req.on('end', () => clearTimeout(cut))
	req.on('close', () => clearTimeout(cut))
	req.resume()
}

const MB = 1024 * 1024
/** A chatbot's own page, /playground/chatbots/<uuid> (or its .data fetch). */
const CHATBOT_PAGE = /^\/playground\/chatbots\/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}(?:\.data|\/)?$/i

/** The caps by route: uploads where the app takes them, 1 MB for every other form or JSON body. */
export function appBodyLimits({ uploadBytes, audioBytes }: { uploadBytes: number; audioBytes: number }) {
	const builder: BodyLimit = {
		maxBytes: 10 * uploadBytes + 20 * MB,
		label: `10 files of ${uploadBytes / MB} MB and the text`,
	}
	const audio: BodyLimit = { maxBytes: audioBytes + 64 * 1024, label: `${audioBytes / MB} MB of audio` }
	const form: BodyLimit = { maxBytes: MB, label: '1 MB' }
	return (path: string): BodyLimit => {
		// The Chatbot Builder's form posts (with files), as a document request or React Router's .data
		// fetch: on the create page and on a chatbot's own page (Add files, the widget picture, a save).
		if (path === '/playground' || path === '/playground/' || path === '/playground.data') return builder
		if (CHATBOT_PAGE.test(path)) return builder
		if (path === '/api/voice-chat/message') return audio
		return form
	}
}
