import type { SearchQuery } from './bm25.ts'
// What the built-in offline model says: it quotes, it does not compose. The reply is the part of one
// passage that answers (a sentence, with the sentence before it when it leans on it; a list or a
// code block whole, with the line that introduces it), verbatim, with its citation; or "I don't know"
// when the evidence does not answer. docs/decisions/0032-quoting-offline-model.md
import { PASSAGE_HEADER } from './citations.ts'
import { answersDefinition, definedSubject, definitionAsked } from './definitions.ts'
import { blockText, IMPLICIT_LEVEL, knowledgeBlocks, type KnowledgeBlock } from './knowledge-text.ts'
import {
	isHeading,
	meanings,
	rarity as rarityAmongTexts,
	questionTerms,
	rankPassages,
	searchText,
	sentencesOf,
	splitPassages,
	weightedTerms,
} from './retrieval.ts'
import { detectLanguage, inLanguage, questionTokens, tokenize } from './terms.ts'

const GREETINGS = /^(hi|hello|hey|namaste|good (morning|afternoon|evening))\b/i

/**
 * The line that ends a chatbot's knowledge block when its search found words of the question that
 * no source uses (knowledge.server.ts unknownWords): the offline model reads it, an LLM may too.
 */
export const UNKNOWN_WORDS_LINE = 'Words of the question that no source uses:'

/** The knowledge without its unknown-words line, and the words that line names. */
function withoutUnknownWords(knowledge: string) {
	const at = knowledge.lastIndexOf(`\n${UNKNOWN_WORDS_LINE}`)
	if (at === -1) return { knowledge, words: [], told: false }
	const line = knowledge.slice(at + UNKNOWN_WORDS_LINE.length + 1).split('\n')[0]
	return { knowledge: knowledge.slice(0, at), words: tokenize(line), told: true }
}

/** One retrieved passage: its text and, when the knowledge numbers them, its source. */
type Passage = { text: string; rank: number; source?: { number: number; name: string } }

type Block = { kind: KnowledgeBlock['kind']; text: string; level?: number; lines?: string[] }

/** A piece the reply can quote: a sentence (with what it leans on), a list, a table or code. */
type Unit = {
	passage: Passage
	/** What the reply says, verbatim from the passage. */
	reply: string
	/** The words it is found by: its own, and its section's heading. */
	words: Set<string>
	/** Words it is found by for less: those of the sentence it leans on. */
	context: Set<string>
	/** Its own words in order, for phrases of the question. */
	sequence: string[]
	/** Its own text, without what it leans on: where the answer itself must be. */
	own: string
	heading: string
	/** A list's item is quoted alone (with what introduces its list) when it is what answers. */
	kind: Block['kind'] | 'item'
	/** Position among its passage's units, for the lines of a passage shown together. */
	order: number
	/** Which block of the passage it is from. */
	block: number
	/** The question it answers, when it is an FAQ's answer (the owner's "Add answer" writes one). */
	answers?: string
	/**
	 * For an API's parameters (a list of "`name` <type> …" items, or one of them): the names they
	 * describe, in lower case. Such a list answers a question that writes one of them
	 * ("highWaterMark"), or asks about options, arguments or defaults; not "How do I write a file?"
	 * for its `file` parameter.
	 */
	parameters?: Set<string>
}

/**
 * A paragraph whose first line is a title ("Payment methods" over "We accept UPI…") is that title's
 * section: the title is a heading, not the start of the first sentence.
 */
function titledParagraph(block: KnowledgeBlock): KnowledgeBlock[] {
	if (block.kind !== 'paragraph') return [block]
	const newline = block.text.indexOf('\n')
	const first = newline === -1 ? '' : block.text.slice(0, newline).trim()
	if (!first || !isHeading(first)) return [block]
	return [
		{ kind: 'heading', level: IMPLICIT_LEVEL, text: first },
		{ kind: 'paragraph', text: block.text.slice(newline + 1) },
	]
}

/**
 * An FAQ's question (a heading of its own for retrieval, docs/decisions/0064-navigation-is-not-knowledge.md)
 * read with its answer again, as one paragraph: questions in a paragraph find the sentences after
 * them and are never quoted (unitsOf).
 */
function withQuestionsInline(blocks: KnowledgeBlock[]) {
	const read: KnowledgeBlock[] = []
	for (const block of blocks) {
		const previous = read.at(-1)
		if (block.kind === 'paragraph' && previous?.kind === 'heading' && previous.question)
			read[read.length - 1] = { kind: 'paragraph', text: `${previous.text}\n${block.text}` }
		else read.push(block)
	}
	return read
}

/** The most lines of a list, table or code block a reply quotes: replies stay short. */
const MAX_QUOTED_LINES = 25

/**
 * A passage's blocks (docs/decisions/0030-knowledge-text-format.md), each with its text as written;
 * a long list, table or code block cut after MAX_QUOTED_LINES lines, with "…" where it goes on.
 */
function blocksOf(text: string): Block[] {
	return withQuestionsInline(knowledgeBlocks(text))
		.flatMap(titledParagraph)
		.map((block) => {
			if (block.kind === 'heading') return { kind: 'heading', text: block.text, level: block.level }
			if (block.kind === 'paragraph') return { kind: 'paragraph', text: block.text.replace(/\s+/g, ' ') }
			const cut = block.lines.length > MAX_QUOTED_LINES ? [...block.lines.slice(0, MAX_QUOTED_LINES), '…'] : block.lines
			return { kind: block.kind, text: blockText({ ...block, lines: cut }), lines: block.lines }
		})
}

/**
 * Words that open a sentence about what the one before it named: a pronoun ("It weighs…"), or a
 * connective that continues it ("For example, use it to…", "However, …").
 */
const REFERS_BACK =
	/^(?:(?:it|its|it's|they|their|theirs|this|these|that|those|he|his|she|her|such)\b|(?:for example|for instance|however|otherwise|in addition|similarly|likewise|instead|therefore|thus|as a result|in this case|in that case),)/i

/** The units of one passage, in order. */
function unitsOf(passage: Passage): Unit[] {
	const units: Unit[] = []
	let heading = ''
	const blocks = blocksOf(passage.text)
	blocks.forEach((block, index) => {
		if (block.kind === 'heading') {
			// A document's title (level 1) names the whole file, not a section of it.
			if ((block.level ?? 6) > 1) heading = block.text
			return
		}
		const add = (
			reply: string,
			own: string,
			kind: Unit['kind'],
			context = '',
			lines: string[] = [],
			answers?: string,
		) => {
			const sequence = tokenize(own)
			const parameterLines = lines.filter((line) => PARAMETER_LINE.test(line))
			units.push({
				passage,
				reply,
				words: new Set([...sequence, ...tokenize(heading)]),
				// The page's or file's title names what all of its passage is about.
				context: new Set(tokenize(`${context} ${passage.source?.name ?? ''}`)),
				sequence,
				own,
				heading,
				kind,
				order: units.length,
				block: index,
				answers,
				parameters:
					parameterLines.length > 0 && parameterLines.length * 2 >= lines.length
						? new Set(parameterLines.map((line) => (PARAMETER_LINE.exec(line)?.[1] ?? '').toLowerCase()))
						: undefined,
			})
		}
		if (block.kind === 'paragraph') {
			// A title of a few words ("Falcon widget.") heads the sentences after it, and is not a quote.
			const sentences: string[] = []
			const titles: string[] = []
			const sectionStarts: number[] = []
			const all = sentencesOf(block.text)
			let lead = ''
			let sectionStart = 0
			all.forEach((sentence, i) => {
				if (i < all.length - 1 && isTitleSentence(sentence)) {
					lead = sentence.replace(/[.:]$/, '')
					sectionStart = sentences.length
					return
				}
				sentences.push(sentence)
				titles.push(lead)
				sectionStarts.push(sectionStart)
			})
			for (let i = 0; i < sentences.length; i++) {
				const sentence = sentences[i]
				if (titles[i]) heading = titles[i]
				const lead = titles[i]
				const sectionStart = sectionStarts[i]
				// Questions in the knowledge (an FAQ's, or the owner's answer to an unanswered one) are
				// never quoted: they find the sentences after them, which are.
				if (sentence.trim().endsWith('?')) {
					let end = i
					while (end < sentences.length && sentences[end].trim().endsWith('?')) end++
					const asked = sentences.slice(i, end).join(' ')
					let stop = end
					while (stop < sentences.length && stop < end + 3 && !sentences[stop].trim().endsWith('?')) stop++
					const answer = sentences.slice(end, stop).join(' ')
					if (answer) add(answer, `${asked} ${answer}`, 'paragraph', '', [], asked)
					i = stop - 1
					continue
				}
				// The sentence that introduces a list, a table or code ("To read a file line by line:") is
				// quoted with it, not alone.
				// Alone (its block in another chunk), it answers nothing.
				if (i === sentences.length - 1 && sentence.endsWith(':')) continue
				// A sentence that leans on the one before ("It weighs 0.8 kg") is quoted with it, and
				// found by the names of the sentences it leans on, back to the one that names its subject.
				let first = i
				while (first > sectionStart && i - first < 3 && REFERS_BACK.test(sentences[first])) first--
				const chain = sentences.slice(first, i)
				// Quoted with all it leans on when that stays short, else with the sentence before.
				const quoted = wordsIn([...chain, sentence].join(' ')) <= REPLY_WORDS ? chain : chain.slice(-1)
				// With nothing before it to name its subject, "It" means the paragraph's title.
				const titled = lead && first === sectionStart && REFERS_BACK.test(sentences[first])
				add([...(titled ? [`${lead}:`] : []), ...quoted, sentence].join(' '), sentence, 'paragraph', chain.join(' '))
			}
			return
		}
		// A list, a table or code is quoted whole, with the sentence that introduces it ("To read a
		// file line by line:"), which is how a reader knows what it is for.
		const previous = blocks[index - 1]
		// Without one, the heading it sits under says what it is ("What the warranty does not cover").
		const introduced = previous?.kind === 'paragraph' && /[:：]$/.test(previous.text)
		const intro = introduced ? `${sentencesOf(previous.text).at(-1)}\n\n` : heading ? `${heading}\n\n` : ''
		// "If you normally run your program like this: `myprog arg1`" sets up the instruction that
		// follows ("Use this command line: `valgrind --leak-check=yes myprog arg1`", Valgrind's
		// manual): alone it answers nothing, so it is quoted with it.
		const [then, thenBlock] = [blocks[index + 1], blocks[index + 2]]
		const followedUp =
			introduced &&
			CONDITION.test(intro) &&
			then?.kind === 'paragraph' &&
			/[:：]$/.test(then.text) &&
			sentencesOf(then.text).length === 1 &&
			thenBlock !== undefined &&
			thenBlock.kind === block.kind
		const text = followedUp ? `${block.text}\n\n${then.text}\n\n${thenBlock.text}` : block.text
		add(
			`${intro}${text}`,
			`${intro}${block.kind === 'code' ? codeWords(text) : text}`,
			block.kind,
			'',
			block.lines?.filter((line) => LIST_ITEM.test(line)),
		)
		// Each item of a list, for a question about one of them ("the default highWaterMark" in a
		// constructor's options): found by its own line, quoted with its own sub-items.
		if (block.kind === 'list' && block.lines && block.lines.length > 1)
			for (const item of listItems(block.lines)) {
				// An item that is a sentence naming its own subject ("2. Cachegrind is a cache and
				// branch-prediction profiler.") is quoted as that sentence: not under a heading that only
				// sits above its list ("1.1. An Overview of Valgrind"), which a voice read aloud as part of
				// it, nor with its number (first-time user's trial, issue 32).
				const sentence = item.text.replace(LIST_ITEM, '').trim()
				const standsAlone =
					!introduced && !item.text.includes('\n') && SELF_NAMED_SENTENCE.test(sentence.replace(/[*_`]/g, ''))
				add(standsAlone ? sentence : `${intro}${item.text}`, item.own, 'item', intro, [item.own])
			}
	})
	return units
}

/** The nouns a question names with an article: "pizza" in "How much does a pizza cost?". */
function subjectNouns(question: string) {
	return [...question.matchAll(/\b(?:a|an|the)\s+(\p{L}[\p{L}'’-]*)/giu)].map((match) => match[1])
}

/** A sentence that sets up a condition rather than tells what to do: "If you normally…", "When…". */
const CONDITION = /^(?:if|when|suppose|say)\b/i

/** A list item's line: "- …", "* …", "1. …". */
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s/
/**
 * An API's parameter or result, as reference docs list them: "- `highWaterMark` <number> …",
 * "- Returns: <string>", "- Type: <boolean>"; the name (if any) captured.
 */
const PARAMETER_LINE = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:`([^`\n]{1,80})`\s*(?:<|:|$)|(?:Returns|Type|Extends):)/

/** A sentence that opens by naming what it is about: a capitalised name, then "is"/"are" and more, ending with a stop. */
const SELF_NAMED_SENTENCE = /^\p{Lu}[\p{L}\p{N}-]*(?: [\p{L}\p{N}-]+){0,3} (?:is|are) [^\n]{8,}[.!]$/u

/** A list's items: each line with a marker, with the deeper lines under it (cut like a list). */
function listItems(lines: string[]) {
	const depth = (line: string) => line.length - line.trimStart().length
	return lines.flatMap((line, index) => {
		if (!LIST_ITEM.test(line)) return []
		let end = index + 1
		while (end < lines.length && depth(lines[end]) > depth(line)) end++
		const own = lines.slice(index, end)
		const cut = own.length > MAX_QUOTED_LINES ? [...own.slice(0, MAX_QUOTED_LINES), '…'] : own
		const indent = depth(line)
		return [{ own: line.trim(), text: cut.map((l) => l.slice(Math.min(indent, depth(l)))).join('\n') }]
	})
}

/** A section number opening a heading: "2.5 ", "3.1.4. ", "7. ". */
const SECTION_NUMBER = /^\d+(?:\.\d+)*\.?\s+/

/**
 * Whether a quote can stand without its section's heading: always, unless the heading names an API
 * ("os.homedir()", "fs.readdir(path[, options], callback)", "`highWaterMark`") that the quote does
 * not name itself.
 */
function namesItsSubject(quote: string, rawHeading: string) {
	// A section's number ("2.5 The Closure API") is not a dotted name ("os.homedir"): with it such a
	// heading was taken for an API's and put before every quote of its section, and a voice read
	// "2.5 The Closure API Because closures work by…" as one sentence (FTU, issue 32).
	const heading = rawHeading.replace(SECTION_NUMBER, '')
	if (!/[(`]|\w\.\w|\w_\w|[a-z][A-Z]/.test(heading)) return true
	// The name before its arguments, last part: "os.homedir()" → homedir.
	const paren = heading.indexOf('(')
	const name = (paren > 0 ? heading.slice(0, paren) : heading).replace(/`/g, '').trim().split(/[\s.]/).at(-1) ?? ''
	if (!name) return true
	// A name in lower case ("request", "homedir") counts only written as code ("`request`",
	// "https.request", "request("): as a plain word it is English ("Makes a request to a secure web
	// server." under "https.request()"). One with capitals or digits ("createHash") counts as written.
	const lower = name.toLowerCase()
	const words: string[] = quote.toLowerCase().match(/[\w$]+/g) ?? []
	if (!/^[a-z]+$/.test(name)) return words.includes(lower)
	const inCode = (quote.match(/`[^`\n]*`/g) ?? []).some(
		(code) => code.slice(1, -1).split('(')[0].split('.').at(-1)?.toLowerCase() === lower,
	)
	const text = quote.toLowerCase()
	const asCall = words.includes(lower) && (text.includes(`.${lower}`) || text.includes(`${lower}(`))
	return inCode || asCall
}

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length

/** A sentence of a few words and no figures that titles what follows ("Falcon widget."). */
const isTitleSentence = (sentence: string) =>
	!/\d/.test(sentence) && !sentence.endsWith('?') && (sentence.match(/[\p{L}]+/gu) ?? []).length <= 3

/** Code's words for matching: identifiers split at dots, underscores and case ("readLine" → read line). */
const codeWords = (code: string) =>
	code
		.replace(/```\w*/g, ' ')
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.replace(/[._]/g, ' ')

/**
 * The knowledge's passages: numbered ones (a chatbot's retrieved chunks, best first) as they are;
 * otherwise (a voice assistant's description, the site's copy) its paragraphs, ranked here.
 */
function passagesOf(knowledge: string, searchFor: SearchQuery): { passages: Passage[]; all: string[]; whole: boolean } {
	const headers = [...knowledge.matchAll(PASSAGE_HEADER)]
	if (headers.length > 0) {
		const passages = headers.map((header, i) => ({
			text: knowledge.slice(header.index + header[0].length, headers[i + 1]?.index ?? knowledge.length).trim(),
			rank: i,
			source: { number: Number(header[1]), name: header[2].trim() },
		}))
		return { passages, all: passages.map((passage) => passage.text), whole: false }
	}
	const paragraphs = sectionedParagraphs(knowledge)
	// A question of only kind words ("Where are you located?") matches no word of "…is at 14 FC Road":
	// then the opening paragraphs are the candidates, and the kind of answer decides.
	const kind = answerKindOf(searchFor.question)
	const onlyKind = kind && questionTerms(searchFor.question).every((term) => KIND_WORDS[kind].has(term))
	const matched = rankPassages(searchFor, paragraphs, CANDIDATE_PASSAGES)
	const ranked =
		matched.length === 0 && onlyKind ? paragraphs.slice(0, CANDIDATE_PASSAGES).map((text) => ({ text })) : matched
	return { passages: ranked.map((passage, i) => ({ text: passage.text, rank: i })), all: paragraphs, whole: true }
}

/** Paragraphs of unnumbered knowledge, each with the heading above it, so it is found by both. */
function sectionedParagraphs(knowledge: string) {
	const paragraphs: string[] = []
	let heading = ''
	for (const block of blocksOf(knowledge)) {
		if (block.kind === 'heading') heading = (block.level ?? 6) > 1 ? block.text : ''
		else if (block.kind === 'paragraph')
			for (const piece of splitPassages(block.text)) paragraphs.push(heading ? `${heading}\n\n${piece}` : piece)
		else paragraphs.push(heading ? `${heading}\n\n${block.text}` : block.text)
	}
	return paragraphs
}

/** How many of the best passages of unnumbered knowledge the answer is chosen from. */
const CANDIDATE_PASSAGES = 4

/** Question words and the kind of answer they ask for. */
type AnswerKind = 'howto' | 'time' | 'number' | 'value' | 'person' | 'place' | 'name' | 'definition' | 'modal' | null

function answerKindOf(question: string): AnswerKind {
	const q = question.toLowerCase()
	// "How do I set up my domain?": steps, an instruction or an example, more than a description.
	if (/^how (?:do|can|should|would|could) (?:i|we|you)\b|\bhow to\b/.test(q)) return 'howto'
	if (
		/\b(when|what year|which year|what date|what time|what day|what month|what decade|what century|how long ago)\b/.test(
			q,
		)
	)
		return 'time'
	if (
		/\b(how many|how much|what percentage|what percent|how old|how far|how long|how large|how big|how tall)\b/.test(q)
	)
		return 'number'
	// "What is the default highWaterMark?": a setting's value, a figure or a literal.
	if (/\bdefaults?\b/.test(q)) return 'value'
	if (/^(who|whom|whose)\b|\b(who|whom)\b/.test(q)) return 'person'
	if (/^where\b|\bwhere (is|are|was|were|did|do|does)\b|\b(address|located|location)\b/.test(q)) return 'place'
	// "What album…", "which company…", "what was the name of…": a title or a name.
	if (
		/\b(what|which)( \w+)? (name|album|song|single|film|movie|book|company|label|city|town|country|state|team|band|group|organi[sz]ation|university|school|church|magazine|newspaper|game|console|award|character|language|river|mountain|building|street|brand|product|model)s?\b/.test(
			q,
		)
	)
		return 'name'
	if (definedSubject(question)) return 'definition'
	// "Should users edit the database?", "Can I cancel my order?": a sentence that says it with the same verb.
	if (MODAL_QUESTION.test(q)) return 'modal'
	return null
}

const MODAL_QUESTION = /^(?:should|can|could|must|may|shall)\b/
/** After a modal ("should never edit", "can't cancel", "may also be"), the word it governs. */
const MODAL_VERB =
	/\b(should|can|could|must|may|shall)(?:n['’]t|not)?\s+(?:(?:not|never|also|only|always|still|usually)\s+)?(\p{L}+)/giu

/** The verbs of "What does X mean / stand for / refer to?". */
const ASKS_DEFINITION = new Set(
	tokenize('mean means meaning stand stands refer refers define defined definition', 'en'),
)

/** Words that ask for a kind of answer rather than name what the answer is about. */
const KIND_WORDS: Record<NonNullable<AnswerKind>, Set<string>> = {
	time: new Set(
		tokenize('time times date dates day days year years month when hour hours schedule scheduled timing', 'en'),
	),
	number: new Set(tokenize('number amount count total many much', 'en')),
	value: new Set(tokenize('default defaults value', 'en')),
	howto: new Set(),
	person: new Set(tokenize('person people name who', 'en')),
	place: new Set(
		tokenize(
			'located location address situated based place where find reach office shop store outlet branch showroom',
			'en',
		),
	),
	name: new Set(tokenize('name called title', 'en')),
	definition: new Set(),
	modal: new Set(),
}

const MONTHS =
	/\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(tember)?|oct(ober)?|nov(ember)?|dec(ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|century|decade|today|tomorrow|weekend|[ap]\.?m\.?)\b/gi
const NUMBER_WORDS =
	/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half)\b/gi

/** Whether a unit holds something of the kind asked for that the question itself does not say. */
function hasAnswerKind(kind: AnswerKind, reply: string, question: string) {
	if (!kind) return false
	const asked = question.toLowerCase()
	const fresh = (values: string[]) => values.some((value) => !asked.includes(value.toLowerCase()))
	if (kind === 'time') return fresh(reply.match(/\b\d{3,4}s?\b/g) ?? []) || fresh(reply.match(MONTHS) ?? [])
	if (kind === 'number') return fresh(reply.match(/\d[\d,.]*/g) ?? []) || fresh(reply.match(NUMBER_WORDS) ?? [])
	if (kind === 'value')
		return fresh(reply.match(/\d[\d,.]*/g) ?? []) || fresh(reply.match(/`[^`\n]{1,60}`|\b(?:true|false|null)\b/g) ?? [])
	if (kind === 'place')
		return (
			fresh(reply.match(/(?<=\b(?:in|at|from|near|to|on) (?:the |our )?(?:\d[\w/-]*,? )?)\p{Lu}[\p{L}'’-]+/gu) ?? []) ||
			// A folder or file: "Voice files are located in the `espeak-ng-data/` folder".
			fresh(
				reply.match(/(?<=\b(?:in|at|under|into|from) (?:the |your )?)(?:`[^`\n]{1,80}`|\/[\w.-]+\/[\w./-]*)/g) ?? [],
			)
		)
	if (kind === 'definition') {
		const asked = definitionAsked(question)
		return asked !== null && answersDefinition(reply, asked)
	}
	if (kind === 'modal') {
		// The question's own modal and one of its verbs: "Users should never edit the database."
		const modal = MODAL_QUESTION.exec(asked)?.[0]
		const terms = new Set(questionTokens(question))
		return [...reply.matchAll(MODAL_VERB)].some(
			([, said, verb]) => said.toLowerCase() === modal && questionTokens(verb).some((term) => terms.has(term)),
		)
	}
	if (kind === 'name' && fresh(reply.match(/"[^"\n]{1,80}"|“[^”\n]{1,80}”/g) ?? [])) return true
	// A name: capitalised words that do not open the sentence and the question does not have.
	const names = (reply.match(/(?<=[\p{L}\p{N},;] )\p{Lu}[\p{L}'’-]+/gu) ?? []).filter(
		(name) => !asked.includes(name.toLowerCase()),
	)
	return names.length > 0
}

/** The names a question uses (capitalised words past its first, years, codes): what it is about. */
function namesIn(question: string) {
	const words = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []
	return words
		.slice(1)
		.filter(
			(word) =>
				(/^\p{Lu}/u.test(word) && word.length > 2) || /^\d{4}$/.test(word) || /\p{L}\d|\d\p{L}{2,}-/u.test(word),
		)
		.flatMap((word) => questionTokens(word))
}

/** The codes and identifiers a text names: words with a figure or a capital inside ("SHA-256", "createHash"). */
const codesIn = (text: string) =>
	new Set(
		(text.match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [])
			.filter((word) => (/\d/.test(word) && /\p{L}/u.test(word)) || /\p{Ll}\p{Lu}/u.test(word))
			.flatMap((word) => questionTokens(word)),
	)

/**
 * Whether a name the question uses is in the passages, allowing for a misspelling ("Roberson" for
 * "Robertson", "Tempations") and for words written apart ("Super Bowl" for "Superbowl").
 */
function mentions(words: Set<string>, joined: Set<string>, name: string) {
	if (words.has(name) || joined.has(name)) return true
	if (name.length < 5) return false
	// One slip in a short name, two in a long one: "Condor" is not "vendor".
	const slips = name.length >= 8 ? 2 : 1
	for (const word of words)
		if (Math.abs(word.length - name.length) <= slips && withinEdits(word, name, slips)) return true
	return false
}

/** Whether two words are at most `band` insertions, deletions or substitutions apart (banded, linear). */
function withinEdits(a: string, b: string, band: number) {
	if (a === b) return true
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
	for (let i = 1; i <= a.length; i++) {
		const current = Array<number>(b.length + 1).fill(band + 1)
		current[0] = i
		let best = current[0]
		for (let j = Math.max(1, i - band); j <= Math.min(b.length, i + band); j++) {
			current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
			best = Math.min(best, current[j])
		}
		if (best > band) return false
		previous = current
	}
	return previous[b.length] <= band
}

/**
 * How rare each meaning is among `units` (BM25's IDF): the product's name, in many of them, counts
 * for little; the fact asked about, in one, for a lot.
 */
function rarityAmong(units: Unit[]) {
	const count = units.length
	return (group: Set<string>) => {
		const df = units.filter((unit) => [...group].some((term) => unit.words.has(term))).length
		return Math.log(1 + (count - df + 0.5) / (df + 0.5))
	}
}

type Scored = {
	unit: Unit
	score: number
	coverage: number
	/** Whether it holds something the question asks besides the names it uses (not just "the Heron"). */
	substantive: boolean
}

/** Each unit's score: the meanings of the question it holds (by rarity), its phrases, its answer's kind. */
function scoreUnits(units: Unit[], searchFor: SearchQuery, question: string, kind: AnswerKind): Scored[] {
	const asked = weightedTerms(searchFor)
	// "And the Falcon?" after the Tailorbird's price: the new name replaces the earlier one.
	const latestNames = namesIn(question)
	if (latestNames.length > 0)
		for (const name of namesIn(searchFor.earlier ?? '')) if (!latestNames.includes(name)) asked.delete(name)
	const terms = questionTerms(searchText(searchFor)).filter((term) => asked.has(term))
	const names = new Set([...latestNames, ...namesIn(searchFor.earlier ?? '')])
	const groups = meanings(terms).map((group, i) => ({ term: terms[i], group, share: asked.get(terms[i]) ?? 1 }))
	const rarity = rarityAmong(units)
	// A code the question names ("SHA-256", "ZX-715", "createHash") is what it is about: it counts
	// CODE_WEIGHT times.
	const codes = codesIn(searchText(searchFor))
	// A word that only asks for a place ("Where is the shop?": the place is the answer, not a sentence
	// that says "shop") counts KIND_TERM_SHARE of itself. (For every kind, SQuAD's gold answers lost
	// 0.2-0.3 points: "what year" is held by a year, but often by the word too.)
	const kindWords = kind === 'place' ? KIND_WORDS.place : new Set<string>()
	const weights = groups.map(
		({ term, group, share }) =>
			share * rarity(group) * (codes.has(term) ? CODE_WEIGHT : 1) * (kindWords.has(term) ? KIND_TERM_SHARE : 1),
	)
	// Where the question asks for a place by a word for it ("Where is the shop?"), the place is itself
	// one of its meanings, as weighty as a word of it: "We are located at 14 MG Road" holds it more
	// than "…10 kilometres of the shop" does.
	const kindMeaning = groups.some(({ term }) => kindWords.has(term))
		? weights.reduce((sum, weight) => sum + weight, 0) / Math.max(1, weights.length) / KIND_TERM_SHARE
		: 0
	const total = weights.reduce((sum, weight) => sum + weight, kindMeaning) || 1
	const pairs = adjacentPairs(questionTokens(question))
	// An identifier the question writes ("highWaterMark", "max_pages"), not a plain word ("file").
	const askedNames = new Set(
		(searchText(searchFor).match(/\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Za-z]+_[A-Za-z0-9_]+\b/g) ?? []).map((name) =>
			name.toLowerCase(),
		),
	)
	const asksParameters = kind === 'value' || PARAMETER_WORDS.test(question)
	// The word itself counts in full, another word of the same meaning ("made" for "assembled") less.
	const match = (words: Set<string>, term: string, group: Set<string>) =>
		words.has(term) ? 1 : [...group].some((other) => words.has(other)) ? SYNONYM_SHARE : 0
	return units.map((unit) => {
		let held = 0
		let substantive = false
		groups.forEach(({ term, group }, i) => {
			const own = match(unit.words, term, group)
			if (own > 0 && !names.has(term)) substantive = true
			held += weights[i] * Math.max(own, CONTEXT_SHARE * match(unit.context, term, group))
		})
		if (kindMeaning > 0 && hasAnswerKind(kind, unit.own, question)) held += kindMeaning
		const coverage = held / total
		// An item answers alone only by what its own line says ("`highWaterMark` … Default: 16"), not
		// by its list's heading, which every item shares (then the whole list answers); when it does,
		// it is preferred to its list for being shorter.
		// A list of an API's parameters answers only a question about them (ADR 0034).
		if (unit.parameters && !asksParameters && ![...unit.parameters].some((name) => askedNames.has(name)))
			return { unit, score: -Infinity, coverage: 0, substantive }
		// A page's copyright line names its product ("Copyright © 2000-2022 Valgrind Developers") and
		// answered "What is Valgrind?": it answers only a question about copyright or authors.
		if (COPYRIGHT_LINE.test(unit.own) && !ASKS_COPYRIGHT.test(question))
			return { unit, score: -Infinity, coverage: 0, substantive }
		const ownWords = new Set(unit.sequence)
		if (unit.kind === 'item' && !groups.some(({ term, group }) => match(ownWords, term, group) > 0))
			return { unit, score: -Infinity, coverage, substantive }
		const phrase = pairs.filter((pair) => hasPair(unit.sequence, pair)).length
		const score =
			// The answer to an FAQ that asks exactly this (an owner's added answer, as a rule) is what answers it.
			(unit.answers && sameQuestion(unit.answers, question) ? SAME_QUESTION_WEIGHT : 0) +
			(unit.kind === 'item' ? ITEM_PREFERENCE : 0) +
			coverage +
			PHRASE_WEIGHT * Math.min(phrase, 3) +
			(kind === 'howto'
				? isInstruction(unit)
					? HOWTO_WEIGHT
					: presupposes(unit, terms)
						? -KIND_WEIGHT
						: 0
				: hasAnswerKind(kind, unit.own, question)
					? KIND_WEIGHT
					: 0) -
			RANK_PENALTY * unit.passage.rank
		return { unit, score, coverage, substantive }
	})
}

const COPYRIGHT_LINE = /^\W*(?:copyright\b|©|\(c\)\s*\d)/i
const ASKS_COPYRIGHT = /\b(?:copyright|licen[cs]e[ds]?|authors?|owns?|owner)\b/i
const PHRASE_WEIGHT = 0.08
/** More than any other evidence together (coverage, phrases, the kind of answer): the FAQ asked the visitor's very question. */
const SAME_QUESTION_WEIGHT = 2

/** Whether two questions are the same, whatever their case, punctuation and spacing ("what is libffi" is "What is libffi?"). */
function sameQuestion(a: string, b: string) {
	const words = (text: string) =>
		text
			.toLowerCase()
			.match(/[\p{L}\p{N}]+/gu)
			?.join(' ') ?? ''
	return words(a) !== '' && words(a) === words(b)
}
/** Words that ask about an API's parameters or result. */
const PARAMETER_WORDS =
	/\b(options?|param(eter)?s?|arguments?|args?|returns?|return value|types?|signature|accepts?|takes?)\b/i
const ITEM_PREFERENCE = 0.01
const CODE_WEIGHT = 2
const KIND_WEIGHT = 0.5
const KIND_TERM_SHARE = 0.3
/** Less than a kind of answer: a how-to question is often answered by what a thing is for. */
const HOWTO_WEIGHT = 0.15

/** Words that open an instruction: "To connect a domain you own, log in…", "Run…", "First…". */
const INSTRUCTION =
	/^(?:to [a-z]+|first|then|next|finally|run|use|click|tap|open|go to|log in|sign in|call|create|add|set|pass|install|enter|select|choose|type|press|visit|you can)\b/i

/** Whether a unit tells how: code, numbered steps, or a sentence that instructs. */
function isInstruction(unit: Unit) {
	if (unit.kind === 'code') return true
	if (unit.kind === 'list') return unit.reply.split('\n').some((line) => /^\s*1[.)]\s/.test(line))
	if (unit.kind !== 'paragraph') return false
	return INSTRUCTION.test(unit.own)
}
/**
 * A sentence that takes the asked step as done ("Once you have allocated the memory for a closure,
 * you must construct a cif") tells what comes after it, not how to do it: it answers "How do I
 * allocate memory for a closure?" much less than a sentence that only mentions it (as much as a
 * kind of answer weighs).
 */
const PRESUPPOSED = /^(?:once|after|when|now that)\s+(?:you|we)\s*(?:['’]ve|have)\s+(\p{L}+)/iu
function presupposes(unit: Unit, terms: string[]) {
	const done = PRESUPPOSED.exec(unit.own.trimStart())?.[1]
	return done !== undefined && questionTokens(done).some((term) => terms.includes(term))
}
const RANK_PENALTY = 0.1
const CONTEXT_SHARE = 0.5
const SYNONYM_SHARE = 0.6

const adjacentPairs = (terms: string[]) => terms.slice(1).map((term, i) => [terms[i], term] as const)
const hasPair = (sequence: string[], [a, b]: readonly [string, string]) =>
	sequence.some((term, i) => term === a && sequence[i + 1] === b)

/**
 * The least share of the question's meanings (weighted by rarity) that the passage quoted from must
 * hold, or the reply is "I don't know". Where the model sees all of the knowledge (a voice
 * assistant's description, the site's copy), a word it never uses is known to be missing; where it
 * sees a chatbot's four best passages, a word missing from them may be a paraphrase ("popular" for
 * "rose to fame"), so less is asked. Calibrated with `npm run eval:answers` on the tuning articles,
 * the handbook and the site's questions (docs/decisions/0032-quoting-offline-model.md).
 */
const MIN_COVERAGE_OF_WHOLE = 0.5
const MIN_COVERAGE_OF_RETRIEVED = 0.15

export type OfflineAnswer = {
	text: string
	answered: boolean
	/** The evidence it was decided on: the quoted passage's share of the question, and any name it lacks. */
	evidence?: { coverage: number; missingName: boolean }
}

/**
 * The reply to a question from the knowledge (numbered passages with their sources, or plain text):
 * a quote of the part of one passage that answers, or `fallback` when none does. `searchFor` is what
 * retrieval looked for (a follow-up carries the earlier question's words). With `cite`, the quote
 * ends with its passage's number ("[2]").
 */
export function composeOfflineAnswer(
	question: string,
	knowledge: string,
	fallback: string,
	searchFor: SearchQuery = { question },
	{ cite = false } = {},
) {
	// One language for the question and every sentence it may be answered by: the question's when
	// it says, else the knowledge's, else English (ADR 0055).
	const language = detectLanguage(question) ?? detectLanguage(knowledge) ?? 'en'
	return inLanguage(language, () => offlineAnswer(question, knowledge, fallback, searchFor, { cite })).text
}

function offlineAnswer(
	question: string,
	knowledge: string,
	fallback: string,
	searchFor: SearchQuery = { question },
	{ cite = false } = {},
): OfflineAnswer {
	const dontKnow = { text: fallback, answered: false }
	if (!question.trim()) return dontKnow
	if (GREETINGS.test(question) && question.split(/\s+/).length <= 4)
		return { text: 'Hello! How can I help you today?', answered: true }
	const told = withoutUnknownWords(knowledge)
	const { passages, all, whole } = passagesOf(told.knowledge, searchFor)
	if (passages.length === 0) return dontKnow
	// The question's words that the knowledge never uses: known here when the model has all of it,
	// else told by the caller (a chatbot's search knows which words none of its chunks has).
	const known = whole ? new Set(all.flatMap((text) => tokenize(text))) : undefined
	const candidates = known ? questionTerms(question) : told.words
	// A word is not unknown when the knowledge says it another way ("cost": "sells for").
	const saidOtherwise = known ?? new Set(passages.flatMap((passage) => tokenize(passage.text)))
	const unknown = new Set(
		candidates.filter((term) => [...meanings([term])[0]].every((word) => !saidOtherwise.has(word))),
	)
	// A name the question uses that none of the passages has (a product, a place, a year it does
	// not mention) means the knowledge is about something else.
	const sequence = passages.flatMap((passage) => tokenize(`${passage.source?.name ?? ''} ${passage.text}`))
	const everything = new Set([...sequence, ...tokenize(searchFor.earlier ?? '')])
	const joined = new Set(sequence.slice(1).map((word, i) => `${sequence[i]}${word}`))
	// A chatbot's search says which words its knowledge never uses: a name outside the passages but
	// elsewhere in the knowledge ("Frédéric" in a chunk that says "Chopin") is not missing.
	const missingName = namesIn(question).some(
		(name) => !mentions(everything, joined, name) && (!told.told || told.words.includes(name)),
	)
	const units = passages.flatMap(unitsOf)
	if (units.length === 0) return dontKnow
	// "And the Falcon?" asks what the earlier question asked, of another subject.
	const kind = answerKindOf(question) ?? answerKindOf(searchFor.earlier ?? '')
	const scored = scoreUnits(units, searchFor, question, kind)
	const best = scored.reduce((winner, candidate) => (candidate.score > winner.score ? candidate : winner))
	// "Where are you located?" is answered by "…is at 14 FC Road, Pune": words that only ask for the
	// kind of answer ("located", "address", "time") are held by a quote that has that kind of answer.
	const heldByKind = new Set([
		...(kind && hasAnswerKind(kind, best.unit.own, question)
			? questionTerms(question).filter((t) => KIND_WORDS[kind].has(t))
			: []),
		// "What does SDK stand for?", "What does rubato mean?": the verb asks for a definition, it is
		// no word the answer must say ("software development kit (SDK)").
		...(kind === 'definition' ? questionTerms(question).filter((t) => ASKS_DEFINITION.has(t)) : []),
	])
	// The evidence: how much of the question the quoted passage holds, with its source's name.
	const asks = questionTerms(question).filter((term) => !namesIn(question).includes(term) && !heldByKind.has(term))
	const evidence = {
		coverage: coverageOf(best.unit.passage, all, searchFor, new Set([...(whole ? unknown : []), ...heldByKind]), whole),
		missingName,
	}
	const nothingHeld = best.coverage === 0 && !(heldByKind.size > 0 && asks.length === 0)
	if (missingName || nothingHeld) return { ...dontKnow, evidence }
	if (whole) {
		// The model has all of the knowledge, so a word it never uses is known to be missing ("Who is
		// your CEO?", "Do you build blockchain solutions?"): such a question is answered only when the
		// passage holds every other word it asks ("What is the full address of your office?").
		const unknownAsks = asks.filter((term) => unknown.has(term))
		const holdsTheRest = asks.filter((term) => !unknown.has(term)).length > 0 && evidence.coverage === 1
		if ((unknownAsks.length > 0 && !holdsTheRest) || evidence.coverage < MIN_COVERAGE_OF_WHOLE)
			return { ...dontKnow, evidence }
	} else {
		// A chatbot's search tells which of the question's words no source uses: "Is the Heron
		// waterproof?" is not answered by "We first launched the Heron in 2014". Only for a question of
		// one or two asks: in a longer one, a missing word is as often a paraphrase.
		const unasked = !best.substantive && asks.length <= 2 && asks.some((term) => unknown.has(term))
		// What a short question is about, the noun after its article ("How much does a pizza cost?"),
		// is unknown to every source: then no passage about cost answers it (first-time user's trial,
		// a voice assistant on Valgrind's manual quoted what a cache miss costs).
		const aboutUnknown =
			asks.length <= 2 && subjectNouns(question).some((noun) => tokenize(noun).some((term) => unknown.has(term)))
		if (unasked || aboutUnknown || evidence.coverage < MIN_COVERAGE_OF_RETRIEVED) return { ...dontKnow, evidence }
	}
	const quote = replyFrom(best, scored, new Set(meanings(questionTerms(question)).flatMap((group) => [...group])))
	// Under an API's heading ("os.homedir()"), a sentence that does not name it ("Returns the string
	// path of the current user's home directory.") is quoted with it: it is its subject.
	const { heading, kind: shape } = best.unit
	const text = shape === 'paragraph' && !namesItsSubject(quote, heading) ? `${heading}\n\n${quote}` : quote
	const source = best.unit.passage.source
	// After a table the citation goes on a line of its own: on the last row's line it would be a cell.
	const citation = source
		? text.split('\n').at(-1)!.trimStart().startsWith('|')
			? `\n\n[${source.number}]`
			: ` [${source.number}]`
		: ''
	return { text: cite ? `${text}${citation}` : text, answered: true, evidence }
}

/**
 * The share of the question's meanings that a passage holds, each weighted by how rare it is in
 * `all` the knowledge the model has: the whole of a short text (a voice assistant's description, the
 * site's copy), or a chatbot's retrieved passages. A word of the question that the knowledge never
 * uses ("blockchain") weighs the most.
 */
function coverageOf(passage: Passage, all: string[], searchFor: SearchQuery, ignored: Set<string>, whole = false) {
	const terms = questionTerms(searchText(searchFor)).filter((term) => !ignored.has(term))
	if (terms.length === 0) return 1
	const documents = all.flatMap((text) => (all.length > 8 ? [text] : sentencesOf(text.replace(/\s+/g, ' '))))
	// Over all of a short knowledge, each meaning counts the same: weighted by rarity, one rare
	// modifier ("the full address") would outweigh what the question is about.
	const rarity = whole ? () => 1 : rarityAmongTexts(documents)
	const words = new Set([
		...tokenize(passage.text),
		...tokenize(passage.source?.name ?? ''),
		...tokenize(searchFor.earlier ?? ''),
	])
	const groups = meanings(terms)
	const total = groups.reduce((sum, group) => sum + rarity(group), 0)
	const held = groups
		.filter((group) => [...group].some((term) => words.has(term)))
		.reduce((sum, g) => sum + rarity(g), 0)
	return total > 0 ? held / total : 1
}

/** Words a reply aims to stay under: a sentence and the one it leans on, as a rule. */
const REPLY_WORDS = 45

/** The quote: the best unit, with a neighbouring sentence of its paragraph that also answers when both fit. */
function replyFrom(best: Scored, scored: Scored[], askedWords: Set<string>) {
	const { unit } = best
	if (unit.kind !== 'paragraph') return unit.reply
	const sameParagraph = (s: Scored) =>
		s.unit.passage === unit.passage && s.unit.kind === 'paragraph' && s.unit.block === unit.block
	const next = scored.find((s) => sameParagraph(s) && s.unit.order === unit.order + 1)
	const previous = scored.find((s) => sameParagraph(s) && s.unit.order === unit.order - 1)
	const join = (first: Unit, second: Unit) =>
		second.reply.startsWith(first.reply)
			? second.reply
			: first.reply.endsWith(second.reply)
				? first.reply
				: `${first.reply} ${second.reply}`
	// A neighbour is added only for what the question asks that the quote does not say yet.
	const adds = (s: Scored) =>
		[...s.unit.words].some((word) => askedWords.has(word) && !unit.words.has(word) && !unit.context.has(word))
	const options = [
		next && { s: next, text: join(unit, next.unit) },
		previous && { s: previous, text: join(previous.unit, unit) },
	].filter(
		(o): o is { s: Scored; text: string } => !!o && o.s.coverage > 0 && adds(o.s) && wordsIn(o.text) <= REPLY_WORDS,
	)
	if (options.length === 0) return unit.reply
	return options.reduce((a, b) => (b.s.score > a.s.score ? b : a)).text
}
