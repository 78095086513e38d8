/** Reads a Server-Sent Events body message by message: `event` (default "message") and `data`. */
export async function* readSse(body: ReadableStream) {
	const reader = body.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return
		buffer += value
		let index
		while ((index = buffer.indexOf('\n\n')) >= 0) {
			const block = buffer.slice(0, index)
			buffer = buffer.slice(index + 2)
			const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n')
			yield { event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message', data }
		}
	}
}
