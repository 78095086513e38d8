// The blog: articles on how the AI Playground works, written from what it does (docs/playground.md
// and the ADRs behind it). An article says nothing the product does not do.
import { company } from './company.ts'
import type { SiteDocument } from './documents.ts'
import { chatbotVisitorsPrivacyPath } from './legal.ts'

export type BlogArticle = SiteDocument & { slug: string; summary: string }

export const blogIndex = {
	path: '/blog',
	eyebrow: 'Blog',
	title: `The ${company.name} blog`,
	description: `How the ${company.name} AI Playground builds chatbots from your documents and website, and what it keeps about the people who use them.`,
	intro: 'How our AI Playground works, in plain words: what a chatbot reads, how it answers, and what it keeps.',
	readLabel: 'Read the article',
	backLabel: 'All articles',
}

const article = (slug: string, rest: Omit<BlogArticle, 'slug' | 'path' | 'eyebrow'>): BlogArticle => ({
	slug,
	path: `${blogIndex.path}/${slug}`,
	eyebrow: 'Blog',
	...rest,
})

export const blogArticles: BlogArticle[] = [
	article('how-chatbots-answer-from-your-documents', {
		title: 'How a Playground chatbot answers from your own documents',
		summary:
			'What a chatbot reads, how it finds the right passage for a question, and why it says “I don’t know” rather than guess.',
		description:
			'How an AI Playground chatbot reads your files and website, finds the passages that answer a question, cites them, and says when it does not know.',
		intro:
			'A chatbot built in the AI Playground answers from what you give it, and shows where each answer came from. This is how it gets there.',
		sections: [
			{
				id: 'what-it-reads',
				heading: 'What it reads',
				blocks: [
					'A chatbot’s knowledge is a list of sources: text you type, files (PDF, DOC, DOCX or TXT, up to 10 MB each), single web pages, and whole websites. Each source shows its status while it is read in the background, and can be re-synced, scheduled to re-sync daily or weekly, or removed.',
					'A whole-site import starts from the site’s robots.txt and sitemaps, then follows links on the same site. It identifies itself as “AIPlaygroundBot”, obeys the site’s rules, keeps each page’s main text (not its menus and footers) with its title and address, and on a re-sync skips the pages that have not changed.',
				],
			},
			{
				id: 'finding-the-passage',
				heading: 'Finding the passage that answers',
				blocks: [
					'The text is split into passages under their headings. When a visitor asks something, the passages are ranked by the words of the question (the BM25 ranking search engines use, with extra weight for a passage’s heading and for words that appear close together), and the best few are given to the model.',
				],
			},
			{
				id: 'writing-the-answer',
				heading: 'Writing the answer',
				blocks: [
					'With a language model connected, the model writes the answer from those passages and your instructions. Without one, the built-in offline model answers by quoting the passages, on our own server. Either way the answer cites its passages as numbered sources, each with the page or file it came from (your visitors see them if you choose), and the Playground says which model answered each turn.',
					'When nothing in the knowledge matches well enough, the chatbot says it does not know instead of guessing. Those questions are collected under Unanswered, where one click on “Add an answer” adds your answer to the knowledge, so the next visitor gets it.',
				],
			},
			{
				id: 'try-it',
				heading: 'Try it',
				blocks: [
					'Every chatbot has a live preview: ask it what your customers ask, before anyone else does. [Open the Playground](/auth).',
				],
			},
		],
	}),
	article('what-your-chatbot-keeps-about-visitors', {
		title: 'What a chatbot on your site keeps about your visitors',
		summary:
			'Conversations, contact details and how long they stay: what the Playground stores for you, and what it deliberately does not.',
		description:
			'What an AI Playground chatbot stores about the visitors of your website: conversations, hashed network addresses, contact details, and how long each is kept.',
		intro:
			'When you put a chatbot on your website, you take on your visitors’ trust. This is exactly what the Playground keeps for you, and for how long.',
		sections: [
			{
				id: 'conversations',
				heading: 'Conversations',
				blocks: [
					'Every conversation through your site’s widget is stored with each answer, the passages it used and the model that wrote it, so you can see why it answered as it did. Visitors can rate an answer and say what was wrong with it.',
					'Alongside it: the page the visitor chatted from, their country only when your hosting network sends it, and a daily-changing hash of their network address, which counts a visitor once a day without storing the address. In the visitor’s browser, the chat window keeps a random visitor number and the recent messages, so the conversation goes on across pages.',
				],
			},
			{
				id: 'how-long',
				heading: 'How long',
				blocks: [
					'You choose how long conversations are kept: 7, 30, 90, 180 or 365 days (90 by default). An hourly job deletes older ones, and you can delete one conversation, or all of them, at any time.',
				],
			},
			{
				id: 'contact-details',
				heading: 'Contact details',
				blocks: [
					'The widget can ask for a name, an e-mail address and a phone number (each off, optional or required): before the chat, when a visitor asks for a person, or after a number of messages. The details reach you under Leads, as a spreadsheet (CSV) download, and, if you set one up, through a webhook signed with a key only you and we know, so your system can check each delivery came from us. They stay until you delete them, or the chatbot.',
				],
			},
			{
				id: 'what-to-tell-visitors',
				heading: 'What to tell your visitors',
				blocks: [
					`The contact form links to [our Privacy Policy](${chatbotVisitorsPrivacyPath}), which lists all of this for visitors. Your own privacy notice should say what you do with the details you receive. And the Allowed sites setting keeps your chatbot on your own websites only.`,
				],
			},
		],
	}),
]

export function getBlogArticle(slug: string | undefined) {
	return blogArticles.find((a) => a.slug === slug)
}
