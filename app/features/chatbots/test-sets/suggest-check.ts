// Offline suggestions kept only when they pass on the knowledge they came from: each candidate is
// asked as a run asks it (the offline model, through the caller's `ask`) before it is proposed. When
// its expected words are not in the reply but the reply cites the passage's page, the words are taken
// from the reply's own sentence (a figure, else a key word), which the offline model quoted from the
// knowledge. Candidates are asked in order until `max` pass or the time budget is spent.
// docs/decisions/0057-chatbot-test-sets.md, docs/decisions/0064-navigation-is-not-knowledge.md
import { isHeading, sentencesOf } from '~/ai/retrieval.ts'
import { judge, type JudgedReply } from './judge.ts'
import { keyPhrase } from './suggest.ts'
import type { TestForm } from './test-schema.ts'

/** A list's marker or a section's number before a sentence ("1. ", "- ", "2.1 "): not a figure it states. */
const MARKER = /^(?:[-*•]|\d{1,3}(?:\.\d{1,3})*[.)]?)\s+/

/** The reply's first sentence of its own: not a heading it quotes above it, not code, no "[n]" citations or list markers. */
function firstSentence(reply: string) {
	const paragraphs = reply
		.replace(/ ?\[\d{1,2}\]/g, '')
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
	const prose = paragraphs.find((paragraph) => paragraph && !paragraph.startsWith('```') && !isHeading(paragraph))
	return sentencesOf((prose ?? '').replace(MARKER, ''))[0] ?? ''
}

export async function answeredSuggestions(
	candidates: TestForm[],
	ask: (question: string) => Promise<JudgedReply>,
	{ max, budgetMs, now = () => performance.now() }: { max: number; budgetMs: number; now?: () => number },
): Promise<TestForm[]> {
	const started = now()
	const kept: TestForm[] = []
	for (const candidate of candidates) {
		if (kept.length >= max || now() - started > budgetMs) break
		const reply = await ask(candidate.question)
		if (judge(candidate, reply).passed) {
			kept.push(candidate)
			continue
		}
		const phrase = keyPhrase(firstSentence(reply.text), candidate.question)
		const test = phrase ? { ...candidate, expected: [phrase] } : null
		if (test && judge(test, reply).passed) kept.push(test)
	}
	return kept
}
