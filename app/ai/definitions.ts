/**
 * "What is X?" questions: what they ask to be defined, and the sentence that defines it. Such a
 * question's answer says "X is…"; a sentence that only mentions X ("To use this tool, specify
 * --tool=memcheck", "massif-visualizer is a viewer for Massif data") does not answer it, however
 * often it says X. Used by the search (knowledge.server.ts, which finds the defining passage) and
 * by the offline model (offline-answer.ts, which quotes its sentence).
 */

/** Determiners before the subject: "a calling convention", "your opening hours" ("our" in the answer). */
const DETERMINER = '(?:an?|the|your|our|its|their|my)'
const COPULA = '(?:is|are|was|were|refers to|means|stands for)'
/** What follows "is" in a sentence that describes its subject in passing rather than says what it is. */
const IN_PASSING =
	'(?:a\\s+(?:bit|lot|little)\\b|(?:not|never|also|still|only|now|often|usually|always|unable|able|currently|being)\\b|\\p{L}+ing\\b)'
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

/** Whether a sentence opens by defining `subject`: "Memcheck is a memory error detector.", "Our opening hours are…". */
export function definesSubject(sentence: string, subject: string) {
	// "is a bit easier", "is unable to" and "is missing a few features" (libffi's manual) describe the
	// subject in passing; they do not say what it is.
	return new RegExp(
		`^[*_\`"“]*(?:${DETERMINER}\\s+)?${subjectPattern(subject)}[*_\`"”]*(?:\\s*\\([^)]{0,80}\\))?,?\\s+${COPULA}\\s+(?!${IN_PASSING})`,
		'iu',
	).test(sentence.trim())
}

/**
 * A PostgreSQL regular expression (for `~*`) matching a text with a sentence that defines
 * `subject`: at the text's start or after a sentence's end or a line break. The subject's words are
 * escaped, so a question cannot inject a pattern.
 */
export function definingSentencePattern(subject: string) {
	// PostgreSQL's expressions have no \p{L}: the same words in passing, by its own classes and word ends.
	const inPassing =
		'(a\\s+(bit|lot|little)\\M|(not|never|also|still|only|now|often|usually|always|unable|able|currently|being)\\M|[[:alpha:]]+ing\\M)'
	return `(^|[.!?:]\\s+|\\n\\s*)[*_\`"“]*(${DETERMINER}\\s+)?${subjectPattern(subject)}[*_\`"”]*\\s+${COPULA}\\s+(?!${inPassing})`
}
