// Real reading-comprehension data that nobody here wrote: the first ten articles of SQuAD 2.0's
// training set (Wikipedia articles with crowd-written questions, some unanswerable), as published by
// Rajpurkar et al. under CC BY-SA 4.0 (scripts/eval/data/README.md says where the copy comes from).
// Each article is one chatbot's knowledge. The first five articles are the tuning set; the last
// five are held out: they are only ever measured, never looked at to change the model.
import { readFileSync } from 'node:fs'
import path from 'node:path'

type SquadQuestion = {
	id: string
	question: string
	answers: Array<{ text: string; answer_start: number }>
	is_impossible?: boolean
}
type SquadParagraph = { context: string; qas: SquadQuestion[] }
export type SquadArticle = { title: string; paragraphs: SquadParagraph[] }

export type SquadItem = {
	question: string
	/** The accepted answers; empty for a question the article does not answer. */
	answers: string[]
	/** Text around the first answer in its paragraph: a chunk holding it holds the answer. */
	evidence?: string
}

const DATA = path.join(import.meta.dirname, 'data/squad-v2.0-train-first-10-articles.json')
const TUNING_ARTICLES = 5

const flat = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The text around an answer in its paragraph, cut at word boundaries, whitespace collapsed. */
function evidenceOf(context: string, answer: { text: string; answer_start: number }) {
	const from = Math.max(0, context.lastIndexOf(' ', Math.max(0, answer.answer_start - 25)))
	const to = context.indexOf(' ', answer.answer_start + answer.text.length + 25)
	return flat(context.slice(from, to === -1 ? undefined : to))
}

export function squadSets() {
	const { data } = JSON.parse(readFileSync(DATA, 'utf8')) as { data: SquadArticle[] }
	const toSet = (articles: SquadArticle[]) =>
		articles.map((article) => ({
			title: article.title.replace(/_/g, ' '),
			knowledge: article.paragraphs.map((paragraph) => paragraph.context.trim()).join('\n\n'),
			items: article.paragraphs.flatMap((paragraph) =>
				paragraph.qas.map((qa): SquadItem => ({
					question: qa.question.trim(),
					answers: qa.is_impossible ? [] : [...new Set(qa.answers.map((answer) => answer.text.trim()))],
					evidence: qa.is_impossible || !qa.answers[0] ? undefined : evidenceOf(paragraph.context, qa.answers[0]),
				})),
			),
		}))
	return { tuning: toSet(data.slice(0, TUNING_ARTICLES)), heldOut: toSet(data.slice(TUNING_ARTICLES)) }
}
