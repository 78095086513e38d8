// Which passages a reply is shown with (docs/decisions/0033-dont-know-shows-no-sources.md): the
// sources it cites, numbered as its "[n]"; when it cites none, its passages apart as "closest
// pages", never numbered as citations; and when it is an "I don't know", none at all.
import { replyCitations } from './reply-markdown.ts'

/** A passage an answer drew on; `url` and `title` name the page (or file) it came from, when known. */
export type ThreadSource = { position: number; excerpt: string; url?: string | null; title?: string | null }

export type ShownSources = {
	/** The sources the reply cites, with the number its "[n]" gives each. */
	cited: Array<{ source: ThreadSource; number: number }>
	/** The passages of a reply that cites none: near the question, not evidence for the reply. */
	closest: ThreadSource[]
}

/**
 * `answered` is the server's verdict on the finished reply: false for an "I don't know" (ours, the
 * owner's phrase or a model's), undefined when it is not known (yet).
 */
export function shownSources(text: string, sources: ThreadSource[], answered: boolean | undefined): ShownSources {
	if (answered === false || sources.length === 0) return { cited: [], closest: [] }
	const numbers = replyCitations(text, sources.length)
	if (numbers.length > 0)
		return { cited: numbers.map((number) => ({ source: sources[number - 1], number })), closest: [] }
	return { cited: [], closest: sources }
}
