/**
 * "What is X?" questions: what they ask to be defined, and the sentence that defines it. Such a
 * question's answer says "X is…"; a sentence that only mentions X ("To use this tool, specify
 * --tool=memcheck", "massif-visualizer is a viewer for Massif data") does not answer it, however
 * often it says X. Used by the search (knowledge.server.ts, which finds the defining passage) and
 * by the offline model (offline-answer.ts, which quotes its sentence).
 */
import { tokenize } from './terms.ts'

/** Determiners before the subject: "a calling convention", "your opening hours" ("our" in the answer). */
const DETERMINER = '(?:an?|the|your|our|its|their|my)'
/**
 * What follows the subject in a sentence that says what it is: "is" with a noun's article or a
 * figure ("is a heap profiler", "is 30 days"), "are" with anything but words that describe in
 * passing, "refers to", "means", "stands for". "Is" with any other word describes the subject in
 * passing: "is perfectly happy passing structures" and "is missing a few features" (libffi's
 * manual), "is a bit easier" (Valgrind's). `b` is the word boundary: \b in JavaScript, \y in PostgreSQL.
 */
const definition = (b: string, letter: string) => {
	const inPassing = `(?:not|never|also|still|only|now|often|usually|always|unable|able|currently|being)${b}|${letter}+ing${b}`
	return `(?:(?:is|was)\\s+(?:(?:an?|the|one|our|your|its|their|this|used|designed|called|known|defined)${b}(?!\\s+(?:bit|lot|little)${b})|[0-9])|(?:are|were)\\s+(?!${inPassing})|(?:refers\\s+to|means|stands\\s+for)\\s)`
}

/** Longest subject taken as one: more words make a description, not a name. */
const MAX_SUBJECT_WORDS = 4
const MAX_SUBJECT_CHARS = 60

/**
 * What a question asks to be defined, and the verb it asks with: X in "What is X?" / "Who are X?"
 * ("a calling convention" → "calling convention", verb null), and in "What does X do?" / "What does
 * X detect?" (verb "detect"), which the sentence saying what X is answers too ("Helgrind is a tool
 * for detecting synchronisation errors"); null for any other question.
 */
export function definitionAsked(question: string): { subject: string; verb: string | null } | null {
	// On the question with its spaces made single and its question marks taken off, so the pattern
	// has nothing to backtrack over.
	const plain = question.replace(/\s+/g, ' ').replace(/[?？]/g, '').trim()
	// "What does " + a subject of at most MAX_SUBJECT_CHARS + a verb: a longer question asks something
	// else, and the patterns below never run over a visitor's 2,000 characters.
	if (plain.length > MAX_SUBJECT_CHARS + 40) return null
	const is = new RegExp(`^(?:what|who)(?:['’]s| is| are| was| were) (?:${DETERMINER} )?([^ ].*)$`, 'iu').exec(plain)
	// "What does FFI stand for?": the verb is "stand".
	const does = is
		? null
		: new RegExp(`^what (?:does|do) (?:${DETERMINER} )?([^ ].*) (\\p{L}+)$`, 'iu').exec(plain.replace(/ for$/i, ''))
	const subject = (is ?? does)?.[1]
	if (
		!subject ||
		subject.length > MAX_SUBJECT_CHARS ||
		subject.split(/\s+/).length > MAX_SUBJECT_WORDS ||
		/^(?:it|this|that|they|these|those|he|she|i|you|we)$/i.test(subject) ||
		// "the difference between…", "the name of…", "the best way to…": not a thing to define.
		/\b(?:of|for|in|on|to|between|about|that|which|when|with|from)\b/i.test(subject)
	)
		return null
	const verb = does?.[2].toLowerCase() ?? null
	return { subject, verb: verb === 'do' || verb === 'mean' ? null : verb }
}

/** X in "What is X?" or "What does X do?", or null. */
export const definedSubject = (question: string) => definitionAsked(question)?.subject ?? null

/** The subject's words as a pattern: any white space between them, each taken literally. */
const subjectPattern = (subject: string) =>
	subject
		.split(/\s+/)
		.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('\\s+')

/** The last subject's compiled patterns: one question tests them against dozens of passage units. */
let lastSubject: { subject: string; defines: RegExp; does: RegExp } | undefined

function patternsOf(subject: string) {
	if (lastSubject?.subject !== subject) {
		const opening = `^[*_\`"“]*(?:${DETERMINER}\\s+)?${subjectPattern(subject)}[*_\`"”]*`
		lastSubject = {
			subject,
			defines: new RegExp(`${opening}(?:\\s*\\([^)]{0,80}\\))?,?\\s+${definition('\\b', '\\p{L}')}`, 'iu'),
			// The word after the subject, past a modal or an adverb: "A voice file specifies…".
			does: new RegExp(`${opening}\\s+(?:(?:can|will|may|also|only|then|just)\\s+)?(\\p{L}+)`, 'iu'),
		}
	}
	return lastSubject
}

/** Whether a sentence opens by defining `subject`: "Memcheck is a memory error detector.", "Our opening hours are…". */
export function definesSubject(sentence: string, subject: string) {
	return patternsOf(subject).defines.test(sentence.trim())
}

/** The stem of a word ("detecting", "detected" → "detect"), as retrieval stems it. */
const stemOf = (word: string) => tokenize(word, 'en')[0] ?? word.toLowerCase()

/**
 * Whether a sentence answers what `definitionAsked` found: it defines the subject (and, for "What
 * does X detect?", says "detect" in some form: "Helgrind is a tool for detecting…", not "Helgrind
 * is a Valgrind tool." alone), or opens with the subject doing it ("A voice file specifies…").
 */
export function answersDefinition(sentence: string, { subject, verb }: { subject: string; verb: string | null }) {
	if (verb === null) return definesSubject(sentence, subject)
	const stem = stemOf(verb)
	if (definesSubject(sentence, subject)) return tokenize(sentence, 'en').includes(stem)
	const next = patternsOf(subject).does.exec(sentence.trim())?.[1]
	return next !== undefined && stemOf(next) === stem
}

/**
 * A PostgreSQL regular expression (for `~*`) matching a text with a sentence that defines
 * `subject`: at the text's start or after a sentence's end or a line break. The subject's words are
 * escaped, so a question cannot inject a pattern.
 */
export function definingSentencePattern(subject: string) {
	// PostgreSQL's expressions: \y for a word's boundary, [[:alpha:]] for a letter.
	return `(^|[.!?:]\\s+|\\n\\s*)[*_\`"“]*(${DETERMINER}\\s+)?${subjectPattern(subject)}[*_\`"”]*\\s+${definition('\\y', '[[:alpha:]]')}`
}
