// An assistant's reply in a voice transcript (test dialog, Calls, dashboard; ADR 0074): what the
// voice said, as written (citations kept, markdown's marks gone, a list as bullets), then the
// sentences it left out, marked as not spoken.
import { transcriptReply } from '~/ai/spoken-text.ts'
import { ASSISTANT } from '~/ai/transcript-lines.ts'

const NOT_SPOKEN = 'Not spoken:'

export function TranscriptReply({ reply }: { reply: string }) {
	const { spoken, more } = transcriptReply(reply)
	return (
		<span className="whitespace-pre-line">
			{spoken}
			{more ? (
				<span data-testid="not-spoken" className="mt-1 block text-slate-500">
					<span className="font-semibold">{NOT_SPOKEN}</span> {more}
				</span>
			) : null}
		</span>
	)
}

/** A stored transcript ("Assistant: …" and "Caller: …" lines) with each reply shown as above, in plain text. */
export function readableTranscript(transcript: string) {
	return transcript
		.split('\n')
		.map((line) => {
			if (!line.startsWith(ASSISTANT)) return line
			const { spoken, more } = transcriptReply(line.slice(ASSISTANT.length))
			return `${ASSISTANT}${spoken}${more ? `\n(${NOT_SPOKEN} ${more})` : ''}`
		})
		.join('\n')
}
