// The system prompt every reply is asked with, in three parts that stay apart (ADR 0028): the
// owner's own instructions, the product's scaffolding (grounding, citations, the voice rules) and
// the knowledge. A hosted LLM reads all three; the offline model reads them back apart, so that it
// answers only from the knowledge and takes from the owner's text nothing but a quoted
// "I don't know" phrase. Neither the owner's instructions nor the product's text can become a reply.

const INSTRUCTIONS_START = '<instructions>'
const INSTRUCTIONS_END = '</instructions>'
export const KNOWLEDGE_START = '<knowledge>'
export const KNOWLEDGE_END = '</knowledge>'

export type PromptParts = {
	/** The owner's instructions (a chatbot's System Prompt, a voice assistant's Instructions). */
	instructions: string
	/** The product's own prompt text around them. */
	scaffolding: string
	/** What the answer must come from. */
	knowledge: string
}

/**
 * A marker inside the owner's text, the name they gave, or the knowledge (a crawled page may hold "</knowledge>") is
 * written with look-alike angle quotes, so each part ends where the product says it does.
 */
const MARKER = /<(\/?)(instructions|knowledge)>/gi
const neutralized = (text: string) => text.replace(MARKER, '‹$1$2›')

export function buildSystemPrompt({ instructions, scaffolding, knowledge }: PromptParts) {
	const owner = instructions.trim()
	return [
		owner ? `${INSTRUCTIONS_START}\n${neutralized(owner)}\n${INSTRUCTIONS_END}` : '',
		// The product's text holds the chatbot's or assistant's name, which its owner typed.
		neutralized(scaffolding.trim()),
		`${KNOWLEDGE_START}\n${neutralized(knowledge)}\n${KNOWLEDGE_END}`,
	]
		.filter(Boolean)
		.join('\n\n')
}

/** The text between two markers, and the system prompt without it. */
function cut(system: string, start: string, end: string) {
	const from = system.indexOf(start)
	const to = from >= 0 ? system.indexOf(end, from + start.length) : -1
	if (from < 0 || to < 0) return { inside: '', rest: system }
	return {
		inside: system.slice(from + start.length, to).trim(),
		rest: `${system.slice(0, from)}${system.slice(to + end.length)}`,
	}
}

/** The three parts of a system prompt built by buildSystemPrompt; text outside the markers is scaffolding. */
export function readSystemPrompt(system: string): PromptParts {
	const knowledge = cut(system, KNOWLEDGE_START, KNOWLEDGE_END)
	const instructions = cut(knowledge.rest, INSTRUCTIONS_START, INSTRUCTIONS_END)
	return { instructions: instructions.inside, scaffolding: instructions.rest.trim(), knowledge: knowledge.inside }
}

/**
 * The phrase the owner asked to be said when the answer is not known, quoted in their own
 * instructions: 'If you don't know, say "Please call 020 1234 5678."'. Only a quoted phrase after a
 * condition that does not know ("if…not…, say/reply…"): never the rest of the owner's text, which
 * is private, and never "Never say "cheap"", which is not a reply.
 */
const OWN_DONT_KNOW =
	/\b(?:if|when|whenever)\b[^.!?\n"“]{0,100}?(?:n['’]t|\bnot|\bno|\bnever|\bunable|\bcannot|\bunsure)\b[^.!?\n"“]{0,100}?(?:,|;|\bthen)\s*(?:(?:just|simply|only|please|politely|always)\s+)?(?:say|reply|respond|answer|tell (?:them|the caller|the visitor|the user|the customer))\b(?:\s+(?:something like|exactly|only|this|the following|with|that))?(?:\s*:)?\s*["“]([^"”\n]{3,400})["”]/i

export function ownDontKnow(instructions: string) {
	return OWN_DONT_KNOW.exec(instructions)?.[1]?.trim() || undefined
}
