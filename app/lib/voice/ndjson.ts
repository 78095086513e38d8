// Reads a response of one JSON object a line (the voice API's streamed turn, docs/api.md) as the
// lines arrive.

export async function readJsonLines(response: Response, onLine: (value: unknown) => void) {
	if (!response.body) return
	const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	for (;;) {
		const { value, done } = await reader.read()
		if (done) break
		buffer += value
		let newline = buffer.indexOf('\n')
		while (newline >= 0) {
			const line = buffer.slice(0, newline).trim()
			buffer = buffer.slice(newline + 1)
			if (line) onLine(JSON.parse(line))
			newline = buffer.indexOf('\n')
		}
	}
	if (buffer.trim()) onLine(JSON.parse(buffer))
}
