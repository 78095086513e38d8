// The site assistant against 40 questions a prospective client or a student would ask, through the
// same path as the no-JavaScript chat page (the built-in offline model when no LLM key is set). The
// site states no prices, so the honest answer to a price question is the free consultation. At
// least 90% must be answered right, and every other reply must be the "I don't know" that points
// to the consultation: never a wrong answer.
import { expect, test } from 'vitest'
import { company } from '~/content/company.ts'
import { assistant } from './copy.ts'
import { answerWidgetQuestion } from './reply.server.ts'

const DONT_KNOW = Symbol('dont-know')
const consultation = company.externalLinks.scheduling

/** A question and what a right answer contains (every string or pattern), or that the site does not say. */
const QUESTIONS: Array<[string, Array<string | RegExp> | typeof DONT_KNOW]> = [
	// Hours, address, contact
	['What are your opening hours?', ['Monday - Saturday 9am - 6pm']],
	['Are you open on Sunday?', ['Sunday Closed']],
	['Where is your office?', ['Knowledge Park III', 'Greater Noida']],
	['What is your phone number?', ['+91 120 400 0000']],
	['How can I email you?', ['hello@zenvora.example']],
	// Services, and each service's what and how
	['What services do you offer?', ['AI Chatbots', 'Voice Assistants', 'Custom Software Development']],
	['What does Zenvora AI do?', ['AI and software services company']],
	['Tell me about your AI chatbots', ['on your own content']],
	['Can your chatbot answer questions from my PDFs?', [/PDFs|your documents/]],
	['Can I put the chatbot on WhatsApp?', ['WhatsApp']],
	['Do your voice assistants speak Hindi?', ['English, Spanish, French, German, Italian, Portuguese and Hindi']],
	['Can the voice assistant book appointments?', ['appointments']],
	['Will the voice agent work with our existing phone numbers?', ['existing numbers']],
	['What is your custom software development service?', ['senior product team']],
	['Which technologies do you use for custom software?', ['TypeScript']],
	['Can you integrate Razorpay and GST into our software?', ['Razorpay', 'GST']],
	['Do you build mobile apps for iOS and Android?', ['iOS and Android']],
	['Do you use React Native?', ['React Native']],
	['Which cloud platforms do you support?', ['AWS, Azure, GCP']],
	['Can you migrate our servers to the cloud?', ['migrate']],
	['What are autonomous AI agents?', ['goal-driven agents']],
	['Which flows will your AI agents automate?', ['coming soon', 'Inventory Management']],
	// Pricing: not on the site, so the consultation
	['How much does a chatbot cost?', ['quote', consultation]],
	['What are your prices?', ['quote', consultation]],
	['Can I get a quote for a mobile app?', ['quote', consultation]],
	['How do I book a free consultation?', [consultation]],
	// Internship and workshop
	['Do you have an internship for college students?', ['3-Month AI Internship Program']],
	['What will I learn in the internship?', ['RAG Implementation', 'LLM Deployment']],
	['How long is the internship?', ['three months']],
	['How do I apply for the internship?', ['Apply for Internship']],
	['Do interns get a certificate?', ['Certificate']],
	['When is the workshop?', ['Saturday, 7-8 PM IST']],
	['Is the chatbot workshop free?', ['free']],
	['How do I register for the workshop?', ['Register Now']],
	['Can I try building a chatbot myself?', ['AI Playground']],
	// What the site does not say
	['Is the internship paid?', ['careers@zenvora.example']],
	['Who is your CEO?', DONT_KNOW],
	['Do you have an office in Bangalore?', DONT_KNOW],
	['Do you build blockchain solutions?', DONT_KNOW],
	['How many employees work at your company?', DONT_KNOW],
]

test('the site assistant answers 90% of 40 visitor questions right and says it does not know for the rest', async () => {
	expect(QUESTIONS).toHaveLength(40)
	const results = await Promise.all(
		QUESTIONS.map(async ([question, expected]) => {
			const answer = await answerWidgetQuestion([{ role: 'user', parts: [{ type: 'text', text: question }] }])
			const right =
				expected === DONT_KNOW
					? answer === assistant.dontKnow
					: expected.every((part) => (typeof part === 'string' ? answer.includes(part) : part.test(answer)))
			return { question, answer, right, dontKnow: answer === assistant.dontKnow }
		}),
	)
	const right = results.filter((r) => r.right).length
	const wrong = results.filter((r) => !r.right && !r.dontKnow)
	console.log(`Site assistant: ${right} of ${results.length} right (${((right / results.length) * 100).toFixed(1)}%)`)
	for (const r of results.filter((r) => !r.right)) console.log(`  not right: ${r.question} -> ${r.answer}`)
	expect(wrong, 'a wrong answer instead of "I don\'t know"').toEqual([])
	expect(right / results.length).toBeGreaterThanOrEqual(0.9)
	// The "I don't know" names the way to a person.
	expect(assistant.dontKnow).toContain(consultation)
})
