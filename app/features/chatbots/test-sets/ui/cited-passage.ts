// Which passage a failing test's result shows as cited, and what it is called. A reply that declined
// cited nothing (first-time user's trial: "I'm sorry, I don't know…" above "Cited passage (score 0)"
// and a passage it never used); a passage of typed knowledge (the Knowledge Base Content, answers the
// owner added) has no page or file to name it by, so it is named as what it is.
import { testSetCopy } from '~/features/chatbots/test-sets/test-set-copy.ts'

type Passage = { title: string | null; url: string | null }

/** The passage a failing reply cited (the first one it names), else the best one it was given; none when it declined. */
export function citedPassage<P extends Passage>(result: {
	answered: boolean
	passages: P[]
	cited: Passage[]
}): P | null {
	if (!result.answered) return null
	const first = result.cited[0]
	return (
		(first && result.passages.find((passage) => passage.url === first.url && passage.title === first.title)) ??
		result.passages[0] ??
		null
	)
}

/** A passage's name: its page's or file's title, else its address, else "Typed knowledge". */
export const passageName = (passage: Passage) => passage.title ?? passage.url ?? testSetCopy.failing.typedKnowledge
