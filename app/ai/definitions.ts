/**
 * "What is X?" questions: what they ask to be defined, and the sentence that defines it. Such a
 * question's answer says "X is…"; a sentence that only mentions X ("To use this tool, specify
 * --tool=memcheck", "massif-visualizer is a viewer for Massif data") does not answer it, however
 * often it says X. Used by the search (knowledge.server.ts, which finds the defining passage) and
 * by the offline model (offline-answer.ts, which quotes its sentence).
 */

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

/** X in "What is X?" / "Who are X?" ("a calling convention" → "calling convention"), or null. */
export function definedSubject(question: string) {
	// On the question with its spaces made single and its question marks taken off, so the pattern
	// has nothing to backtrack over.
	const plain = question.replace(/\s+/g, ' ').replace(/[?？]/g, '').trim()
	const subject = new RegExp(`^(?:what|who)(?:['’]s| is| are| was| were) (?:${DETERMINER} )?([^ ].*)$`, 'iu').exec(
		plain,
	)?.[1]
	if (
		!subject ||
		subject.length > MAX_SUBJECT_CHARS ||
		subject.split(/\s+/).length > MAX_SUBJECT_WORDS ||
		/^(?:it|this|that|they|these|those|he|she)$/i.test(subject) ||
		// "the difference between…", "the name of…", "the best way to…": not a thing to define.
		/\b(?:of|for|in|on|to|between|about|that|which|when|with|from)\b/i.test(subject)
	)
		return null
	return subject
}

/** The subject's words as a pattern: any white space between them, each taken literally. */
const subjectPattern = (subject: string) =>
	subject
		.split(/\s+/)
		.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('\\s+')

/** The last subject's compiled pattern: one question tests it against dozens of passage units. */
let lastDefinition: { subject: string; pattern: RegExp } | undefined

/** Whether a sentence opens by defining `subject`: "Memcheck is a memory error detector.", "Our opening hours are…". */
export function definesSubject(sentence: string, subject: string) {
	if (lastDefinition?.subject !== subject)
		lastDefinition = {
			subject,
			pattern: new RegExp(
				`^[*_\`"“]*(?:${DETERMINER}\\s+)?${subjectPattern(subject)}[*_\`"”]*(?:\\s*\\([^)]{0,80}\\))?,?\\s+${definition('\\b', '\\p{L}')}`,
				'iu',
			),
		}
	return lastDefinition.pattern.test(sentence.trim())
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
