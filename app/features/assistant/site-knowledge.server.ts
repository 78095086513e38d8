// What the public chat assistant knows: the site's own content, written as questions visitors ask
// and their answers, one per paragraph. The questions are how a visitor's words find the right
// paragraph (retrieval ranks them like any passage); the offline model answers with the sentences
// after the question, and an LLM reads the same text. Everything comes from app/content/, so the
// assistant never says what the pages do not. Measured by site-questions.test.ts (40 questions).
import { career } from '~/content/career.ts'
import { company } from '~/content/company.ts'
import { agentsSection } from '~/content/home.ts'
import { services } from '~/content/services.ts'

let cached: string | undefined

/** The content is fixed for the life of the process, so the text is built once. */
export function siteKnowledge(): string {
	cached ??= buildSiteKnowledge()
	return cached
}

/** One paragraph: the ways a visitor asks it (each ending in '?'), then the answer (up to three sentences). */
const entry = (questions: string[], answer: string) => `${questions.join(' ')}\n${answer}`

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)
const list = (items: string[]) => `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

function buildSiteKnowledge(): string {
	const { address, externalLinks } = company
	const consultation = `Book a free consultation call at ${externalLinks.scheduling}`
	const [general, sales, careers] = company.emails
	const hours = company.hours.map((h) => `${h.days} ${h.time}`).join('; ')
	const serviceNames = services.map((s) => s.page.badge)
	const { workshop } = career

	const parts = [
		entry(
			['Who are you?', 'What does your company do?', `What is ${company.name}?`],
			`${company.name} is an AI and software services company in ${address.locality}, India. ${company.description}`,
		),
		entry(
			['What services do you offer?', 'What can you build for my business?', 'What do you do?'],
			`Our services are ${list(serviceNames)}. ${consultation} to talk about your project.`,
		),
		...services.flatMap(({ page }) => {
			const name = page.badge
			const how = page.features.map((f) => `${f.title}: ${sentence(f.description)}`).join(' ')
			return [
				entry(
					[`What is your ${name} service?`, `What can you tell me about ${name}?`, `Can you build ${name} for us?`],
					`${name}: ${page.intro}`,
				),
				entry(
					[`What do I get with ${name}?`, `What are the benefits of ${name}?`],
					`With our ${name} service you get: ${page.benefits.join('; ')}.`,
				),
				entry(
					[`How do you deliver ${name}?`, `Which tools, technologies and platforms do you use for ${name}?`],
					`How we deliver ${name}: ${how}${page.platforms ? ` Supported platforms: ${page.platforms.join(', ')}.` : ''}`,
				),
			]
		}),
		entry(
			['Are your AI agents available yet?', 'Which flows will your AI agents automate?'],
			`Our autonomous AI agents are coming soon. They automate flows such as ${list(agentsSection.flows.map((f) => f.title))}. ${agentsSection.claims.map((c) => `${c.value} ${c.label}`).join('; ')}.`,
		),
		entry(
			[
				'How much does it cost?',
				'What are your prices, rates and fees?',
				'How much does a chatbot, voice assistant, app or software project cost?',
				'Can I get a quote?',
			],
			`Our prices depend on the scope of your project, so we do not publish a price list. ${consultation} and we will send you a quote.`,
		),
		entry(
			['Do you offer a free consultation?', 'How do I book a call or a meeting with you?'],
			`Yes, the first consultation is free. ${consultation}.`,
		),
		entry(
			['What are your opening hours?', 'When are you open?', 'What time does your office open and close?'],
			`Our office is open ${hours}.`,
		),
		entry(
			['Where is your office?', 'What is your address?', 'Where are you located or based?'],
			`Our office is at ${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}.`,
		),
		entry(
			['How can I contact you or your team?', 'What is your phone number?', 'What is your email address?'],
			`Call us on ${company.phone.display} or email ${general.address} (${general.label.toLowerCase()}), ${sales.address} (${sales.label.toLowerCase()}) or ${careers.address} (${careers.label.toLowerCase()}).`,
		),
		entry(
			['Do you have an internship?', 'What is the internship program for college students?'],
			`Our ${career.programTitle} is for college students. ${career.programIntro}`,
		),
		entry(
			['What will I learn in the internship?', 'What topics does the internship cover?'],
			`The internship covers ${list(career.topics.map((t) => t.title))}.`,
		),
		entry(
			['How long is the internship?', 'What is the duration of the internship?'],
			`The ${career.programTitle} lasts three months.`,
		),
		entry(
			['How do I apply for the internship?', 'Where is the internship application form?'],
			`Apply with the ${career.applyLabel} form on our Career page: ${externalLinks.internshipForm}`,
		),
		entry(
			['What are the benefits of the internship?', 'Do interns get a certificate or mentorship?'],
			`Interns get ${list(career.perks.map((p) => `${p.title} (${p.description.replace(/\.$/, '').toLowerCase()})`))}.`,
		),
		entry(
			['When is the workshop?', 'What day and time is the workshop?', 'What is the AI Chatbot Workshop schedule?'],
			`Our free ${workshop.title} runs every ${workshop.schedule}.`,
		),
		entry(
			[
				'What is the AI Chatbot Workshop?',
				'Is the workshop free or is there a fee?',
				'Who can join the workshop and what happens in it?',
			],
			`The ${workshop.title} is free. ${workshop.description} It covers: ${workshop.agenda.join('; ')}.`,
		),
		entry(
			['How do I register for the workshop?', 'How can I join the workshop?'],
			`Register with the ${workshop.registerLabel} form on our Career page: ${externalLinks.workshopForm}`,
		),
		entry(
			['What is the AI Playground?', 'Can I try building a chatbot myself?', 'Is the Playground free?'],
			'In our AI Playground you can sign up for free to build knowledge-base chatbots that you embed on your website, and voice assistants you test in the browser.',
		),
	]
	return parts.join('\n\n')
}
