// A reply is shown with the sources it cites; one that cites none with its passages apart, as the
// closest pages, never numbered as citations; an "I don't know" with none (ADR 0033, issue 28: an
// "I don't know" about AWS Lambda listed four unrelated pages as its sources).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { MessageBubble, type ThreadMessage } from './chat-thread.tsx'
import { shownSources, type ThreadSource } from './shown-sources.ts'

const pages: ThreadSource[] = [
	{ position: 0, excerpt: 'Domains are set up under Domains, Add domain.', title: 'Domains' },
	{
		position: 3,
		excerpt: 'We accept UPI, credit and debit cards.',
		url: 'https://nimbus.example/pay',
		title: 'Payments',
	},
	{ position: 5, excerpt: 'Refunds take seven working days.', title: 'Refunds' },
	{ position: 7, excerpt: 'Support is open 9 AM to 6 PM IST.', title: 'Support hours' },
]
const DONT_KNOW =
	"I'm sorry, I don't know the answer to that from the information I have. Please contact our team and they will be glad to help."

describe('shownSources', () => {
	test('a reply that cites lists only what it cites, with the number its [n] gives each', () => {
		expect(shownSources('We accept UPI and cards [2].', pages, true)).toEqual({
			cited: [{ source: pages[1], number: 2 }],
			closest: [],
		})
		expect(shownSources('Add it under Domains [1]; refunds take a week [3].', pages, undefined).cited).toEqual([
			{ source: pages[0], number: 1 },
			{ source: pages[2], number: 3 },
		])
	})

	test('an answer that cites none has its passages apart, as the closest pages, and no citations', () => {
		expect(shownSources('We accept UPI and cards.', pages, true)).toEqual({ cited: [], closest: pages })
		// A number past the sources listed is no citation either.
		expect(shownSources('See page [9].', pages, true)).toEqual({ cited: [], closest: pages })
	})

	test('an "I don\'t know" is shown with no sources at all, cited or closest', () => {
		expect(shownSources(DONT_KNOW, pages, false)).toEqual({ cited: [], closest: [] })
		// Even one that carries a number: it did not answer from that passage.
		expect(shownSources(`${DONT_KNOW} [1]`, pages, false)).toEqual({ cited: [], closest: [] })
	})
})

/** The bubble's markup, without React's separators between text pieces. */
const bubble = (message: Partial<ThreadMessage>) =>
	renderToStaticMarkup(
		<MessageBubble
			message={{ id: 'm1', role: 'assistant', text: '', sources: pages, ...message }}
			assistantName="Nimbus"
			sourcesLabel="Sources from the knowledge base"
			closestLabel="Closest pages"
		/>,
	).replaceAll('<!-- -->', '')

describe('MessageBubble', () => {
	test('an "I don\'t know" shows no sources, no closest pages and no citation', () => {
		const out = bubble({ text: DONT_KNOW, answered: false })
		expect(out).toContain(DONT_KNOW.replace(/'/g, '&#x27;'))
		expect(out).not.toContain('data-testid="sources"')
		expect(out).not.toContain('Sources from the knowledge base')
		expect(out).not.toContain('Closest pages')
		expect(out).not.toContain('data-testid="citation"')
		for (const page of pages) expect(out).not.toContain(page.excerpt)
	})

	test('a cited answer lists its cited source, numbered, and nothing else', () => {
		const out = bubble({ text: 'We accept UPI, credit and debit cards [2].', answered: true })
		expect(out).toContain('aria-label="Source 2: Payments"')
		expect(out).toContain('Sources from the knowledge base (1)</summary><ol')
		expect(out).toContain('id="m1-source-2"')
		expect(out).toContain(pages[1].excerpt)
		expect(out).not.toContain('Closest pages')
		expect(out).not.toContain(pages[0].excerpt)
	})

	test('a cited source marks the lines the answer quotes (issue 30: sources as cards, quoted lines highlighted)', () => {
		const out = bubble({ text: 'We accept UPI, credit and debit cards [2].', answered: true })
		expect(out).toContain(
			'<mark data-testid="quoted" class="rounded bg-amber-100 px-0.5 text-slate-900">We accept UPI, credit and debit cards.</mark>',
		)
		expect(bubble({ text: 'You can pay by UPI [2].', answered: true })).not.toContain('data-testid="quoted"')
	})

	test('an answer that cites none shows its passages collapsed as the closest pages, unnumbered', () => {
		const out = bubble({ text: 'We accept UPI, credit and debit cards.', answered: true })
		expect(out).not.toContain('data-testid="sources"')
		expect(out).not.toContain('Sources from the knowledge base')
		expect(out).toMatch(
			/<details class="[^"]*text-slate-500[^"]*" data-testid="closest-pages"><summary[^>]*>Closest pages/,
		)
		// Not open, not an ordered list, no numbers, no anchors for citations.
		expect(out).not.toMatch(/<details[^>]*open/)
		expect(out).toMatch(/data-testid="closest-pages"><summary[^>]*>Closest pages \(4\)<\/summary><ul/)
		expect(out).not.toContain('m1-source-')
		for (const page of pages) expect(out).toContain(page.excerpt)
	})

	test('while a reply streams, its passages are not listed yet (it may turn out to be an "I don\'t know")', () => {
		const out = bubble({ text: "I'm sorry, I don't", streaming: true })
		expect(out).not.toContain('Closest pages')
		expect(out).not.toContain('data-testid="sources"')
	})

	test('without a sources label (the public embed with sources off) nothing is listed', () => {
		const out = renderToStaticMarkup(
			<MessageBubble
				message={{ id: 'm1', role: 'assistant', text: 'We accept UPI.', sources: pages, answered: true }}
				assistantName="Nimbus"
				closestLabel="Closest pages"
			/>,
		)
		expect(out).not.toContain('Closest pages')
		expect(out).not.toContain('data-testid="sources"')
	})
})
