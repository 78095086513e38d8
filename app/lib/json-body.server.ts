// Reading a JSON request body with a size cap, for the JSON APIs (chat, voice).

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; message: string }

export async function readJsonBody(
	request: Request,
	{ maxBytes, tooLarge, requireJsonType = false }: { maxBytes: number; tooLarge: string; requireJsonType?: boolean },
): Promise<JsonBody> {
	if (requireJsonType && !/application\/json/i.test(request.headers.get('content-type') ?? '')) {
		return { ok: false, status: 415, message: 'Send JSON (Content-Type: application/json).' }
	}
	if (Number(request.headers.get('content-length')) > maxBytes) return { ok: false, status: 413, message: tooLarge }
	const raw = await request.text()
	if (Buffer.byteLength(raw) > maxBytes) return { ok: false, status: 413, message: tooLarge }
	try {
		return { ok: true, value: JSON.parse(raw) as unknown }
	} catch {
		return { ok: false, status: 400, message: 'The request body is not valid JSON.' }
	}
}
