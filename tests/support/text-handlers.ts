import { ChatRequestSchema } from '~/ai/chat-schema.ts'
import { answerPieces, citedNumbers, passageHeader } from '~/ai/citations.ts'
// Everything that runs a regular expression (or a scan) over text someone else wrote: uploaded
// documents, crawled pages and their text, visitor messages and names, URLs, the owner's patterns and
// settings, model answers, and the offline model's sentence and term splitting. Each takes one hostile
// string; tests/support/text-handler-process.ts times them and app/lib/linear-text.test.ts holds each
// to a bound on the adversarial inputs below (ADR 0024). A new normaliser or tokenizer belongs here.
import { composeOfflineAnswer } from '~/ai/offline-answer.ts'
import { scrubbed, statusFailure } from '~/ai/provider-failure.ts'
import {
	excerptAround,
	isFollowUp,
	questionTerms,
	sentencesOf,
	splitPassages,
	withEarlierSubject,
} from '~/ai/retrieval.ts'
import { ownDontKnow, readSystemPrompt } from '~/ai/system-prompt.ts'
import { termsOf, wordsOf } from '~/ai/terms.ts'
import { quotedSpans } from '~/components/chat/quoted-spans.ts'
import { parseReply, replyCitations } from '~/components/chat/reply-markdown.ts'
import { SignUpSchema } from '~/features/accounts/auth-schema.ts'
import { ChatbotFormSchema, WebsiteUrlSchema } from '~/features/chatbots/chatbot-schema.ts'
import { chunkKnowledge } from '~/features/chatbots/chunking.ts'
import { asksForAPerson } from '~/features/chatbots/conversations/asks-for-a-person.ts'
import { isAnswered } from '~/features/chatbots/conversations/conversation-log.server.ts'
import {
	AddAnswerSchema,
	ConversationListQuerySchema,
	leadSchema,
	WebhookSchema,
} from '~/features/chatbots/conversations/conversation-schema.ts'
import { parseRobotsTxt } from '~/features/chatbots/sources/robots-rules.ts'
import { isOnSite, looksLikePage, matchesPatterns, normalizePageUrl } from '~/features/chatbots/sources/site-rules.ts'
import { WebsiteSourceSchema } from '~/features/chatbots/sources/source-schema.ts'
import { sitePattern, WidgetSettingsSchema } from '~/features/chatbots/widget/widget-settings.ts'
import { ModelChoiceSchema } from '~/features/models/model-choice-schema.ts'
import { htmlText, normalizeDocumentText, pageContent, sitemapUrls } from '~/lib/sandbox/parsers.ts'
import { spreadsheetCell } from '~/lib/spreadsheet-cell.ts'

/** The size of each hostile input: a file or page of this size is well inside the upload and crawl limits. */
export const HOSTILE_TEXT_CHARS = 1024 * 1024

const repeat = (unit: string, tail = '') =>
	unit.repeat(Math.ceil((HOSTILE_TEXT_CHARS - tail.length) / unit.length)) + tail

/**
 * Strings that make backtracking regular expressions go quadratic or worse: long runs with no line
 * break, of the characters the patterns repeat, each ending in something that makes a match fail.
 */
export const hostileInputs: Record<string, () => string> = {
	'spaces, then x': () => repeat(' ', 'x'),
	'tabs, then x': () => repeat('\t', 'x'),
	'spaces and tabs, then x': () => repeat(' \t', 'x'),
	'a word, then spaces with no line break': () => `word${repeat(' ', '!')}`,
	dots: () => repeat('.'),
	'dots, then a word': () => repeat('.', 'word'),
	'one long word': () => repeat('a', '\u0000'),
	'a repeated word': () => repeat('again '),
	'words with no full stop': () => repeat('it is and this ', ':'),
	'capitalised words': () => repeat('Aa-'),
	'line breaks': () => repeat('\n'),
	'blank lines with spaces': () => repeat('\n \t \n'),
	'mixed white space and punctuation': () => repeat(' \t.\u00a0!? \r\n. ', 'x'),
	'question marks, then a line break and more': () => `acme.in${repeat('?', '\nx')}`,
	'unclosed tags': () => repeat('<a'),
	'one unclosed tag name': () => `<${repeat('a-', '!')}`,
	'quoted instructions': () => repeat(`If you do not know, say "${'a'.repeat(500)}`),
	citations: () => repeat(' [1', ']'),
	'passage headers': () => repeat('\n[1] Source: '),
	// The knowledge format and replies: fences, lists, tables, code spans (ADR 0030, 0031).
	fences: () => repeat('```js\n'),
	'backtick runs of every length': () => {
		let text = ''
		for (let n = 1; text.length < HOSTILE_TEXT_CHARS; n++) text += `${'`'.repeat(n)}x`
		return text
	},
	'list items ever deeper': () => {
		let text = ''
		for (let n = 0; text.length < HOSTILE_TEXT_CHARS; n++) text += `${' '.repeat(n % 2000)}- **x\n`
		return text
	},
	'table pipes': () => repeat('| \\|', '\n| --- |'),
	'headings without text': () => repeat('# '),
}

const words = (text: string) => text.slice(0, 4000)
const asUrl = (text: string) => `https://acme.example/${encodeURIComponent(text.slice(0, 1800))}`
/** Owner patterns at the schema's limits (20 of 200 characters) that defeated a backtracking matcher. */
const hostilePatterns = Array.from({ length: 20 }, (_, i) => `/${'*a'.repeat(98)}*${i}`)
const robotsSite = { origin: 'https://acme.example', userAgent: 'AIPlaygroundBot' }
/** robots.txt rules made of the text (`Disallow: /*…b`, a path almost matches them), as many as are read. */
const robotsRules = (text: string) =>
	Array.from({ length: 1000 }, (_, i) => `Disallow: /*${text.slice(i * 500, i * 500 + 500)}b`).join('\n')
const offlineKnowledge =
	'Delivery: We deliver across India within 5 days.\n\nReturns: Items can come back within 30 days.'
const strings = (text: string, keys: string[]) => Object.fromEntries(keys.map((key) => [key, text]))

export const textHandlers: Record<string, (text: string) => unknown> = {
	// Uploads: the text of every document (ingest/file-text.server.ts) and how knowledge is cut.
	'document text normalisation': (text) => normalizeDocumentText(text),
	'knowledge chunks': (text) => chunkKnowledge(text),
	// Retrieval and the offline model: passages, sentences, terms, excerpts, follow-ups.
	passages: (text) => splitPassages(text),
	sentences: (text) => sentencesOf(text),
	tokens: (text) => termsOf(text),
	words: (text) => wordsOf(text),
	'question terms': (text) => questionTerms(text),
	excerpt: (text) => excerptAround(text, 'How long does delivery take?'),
	'follow-up': (text) => [isFollowUp(['What is the price?', text]), withEarlierSubject([text, text])],
	'offline answer from hostile knowledge': (text) =>
		composeOfflineAnswer('How long does delivery take?', text, 'fallback', undefined, { cite: true }),
	'offline answer to a hostile question': (text) =>
		composeOfflineAnswer(text, offlineKnowledge, 'fallback', { question: text, earlier: text }),
	"the owner's own don't-know": (text) => ownDontKnow(text),
	'system prompt read back apart': (text) =>
		readSystemPrompt(`<instructions>\n${text}\n</instructions>\n\n${text}\n\n<knowledge>\n${text}\n</knowledge>`),
	// Answers as they are logged and shown: citations, "I don't know" phrasings.
	citations: (text) => [answerPieces(text, 3), citedNumbers(text, 3), passageHeader(1, text)],
	// Replies as the thread renders them (also on the server: the preview without JavaScript).
	'reply rendering': (text) => [parseReply(text, 3), replyCitations(text, 3)],
	'answered or not': (text) => isAnswered(text, { matched: true, systemPrompt: text }),
	'asks for a person': (text) => asksForAPerson(text),
	// Visitors' lead details as the owner's CSV writes them.
	'spreadsheet cell': (text) => spreadsheetCell(text),
	// Crawled pages (parsed in the sandbox, but linear there too) and URLs.
	// Unclosed: a closing tag after the text would end an unclosed tag the text opens.
	'page text': (text) => htmlText(`<main><p>${text}`),
	'page content': (text) => pageContent(`<title>${text.slice(0, 1000)}</title><body>${text}`, 'https://acme.example/'),
	sitemap: (text) => sitemapUrls(`<urlset><url><loc>${text}</loc></url></urlset>`),
	'page URL': (text) => [normalizePageUrl(text, 'https://acme.example/'), normalizePageUrl(asUrl(text))],
	'site rules': (text) => [
		isOnSite(asUrl(text), 'acme.example'),
		looksLikePage(asUrl(text)),
		matchesPatterns(asUrl(text), hostilePatterns, hostilePatterns),
		matchesPatterns(asUrl(text), [`/${words(text).slice(0, 199)}*`], [words(text).slice(0, 200)]),
	],
	// robots.txt of a crawled site (512 KB at most there): the text as the file, and as its rules.
	'robots.txt': (text) => [
		parseRobotsTxt(text, robotsSite).allows(asUrl(text)),
		parseRobotsTxt(`User-agent: *\n${text}`, robotsSite).allows(asUrl(text)),
		parseRobotsTxt(`User-agent: AIPlaygroundBot\n${robotsRules(text)}`, robotsSite).allows(asUrl(text)),
	],
	// Settings and forms: every schema with a pattern, fed the hostile text in each field.
	'allowed site': (text) => sitePattern(text),
	'widget settings form': (text) =>
		WidgetSettingsSchema.safeParse({
			...strings(text, ['brandColor', 'avatar', 'allowedSites', 'suggestedQuestions']),
		}),
	'lead form': (text) =>
		leadSchema({ name: 'required', email: 'required', phone: 'required' }).safeParse(
			strings(text, ['name', 'email', 'phone', 'page']),
		),
	'conversation filters': (text) => ConversationListQuerySchema.safeParse(strings(text, ['from', 'to', 'after', 'q'])),
	'added answer and webhook': (text) => [
		AddAnswerSchema.safeParse(strings(text, ['question', 'answer'])),
		WebhookSchema.safeParse(strings(text, ['url'])),
	],
	'chatbot and source forms': (text) => [
		ChatbotFormSchema.safeParse(strings(text, ['name', 'knowledgeBase', 'systemPrompt'])),
		WebsiteUrlSchema.safeParse(text),
		WebsiteSourceSchema.safeParse(strings(text, ['url', 'include', 'exclude'])),
	],
	'sign-up form': (text) => SignUpSchema.safeParse(strings(text, ['fullName', 'email', 'password', 'confirmPassword'])),
	// A source's excerpt marked with what the answer quotes (both come from knowledge and the model).
	'quoted lines': (text) => [quotedSpans(text, text), quotedSpans(text.slice(0, 1000), text)],
	// A provider's own words (its errors, its model names), scrubbed of keys before anyone reads them.
	'provider words': (text) => [scrubbed(text, [text.slice(0, 12)]), statusFailure(500, text)],
	'model choice form': (text) =>
		ModelChoiceSchema.safeParse({ intent: 'save-model', model: text, temperature: text, offlineFallback: text }),
	'chat request': (text) =>
		ChatRequestSchema.safeParse({ messages: [{ id: text, role: 'user', parts: [{ type: 'text', text }] }] }),
}
