// What the public chat assistant knows: the site's own content, written as questions visitors ask
// and their answers, one per paragraph. The questions are how a visitor's words find the right
// paragraph (retrieval ranks them like any passage); the offline model answers with the sentences
// after the question, and an LLM reads the same text. Everything comes from app/content/, so the
// assistant never says what the pages do not: each fact of the public pages is one short passage,
// so that the passage ranked first holds it (ADR 0029). Measured by site-questions.test.ts (40
// questions) and site-facts.test.ts (each fact, asked in a visitor's words).
import { career } from '~/content/career.ts'
import { company } from '~/content/company.ts'
import { agentsSection } from '~/content/home.ts'
import { services, voiceLanguages } from '~/content/services.ts'

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
const lower = (text: string) => text.replace(/\.$/, '').replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase())

/**
 * The words visitors use for each service, which its page does not (a "voice bot", "servers"): how
 * a question finds the service's passages. Words only, never facts; the facts come from the copy.
 */
const SERVICE_WORDS: Record<string, string> = {
	'autonomous-ai-agents': 'AI agents, automation bots and workflow automation',
	'voice-assistants': 'voice bots, voice agents, phone and call assistants',
	'ai-chatbots': 'chatbots, chat bots and website bots',
	'custom-software-development': 'custom software, websites, web apps, portals and ERP systems',
	'mobile-app-development': 'mobile apps for phones: iPhone (iOS) and Android apps',
	'managed-cloud-services': 'cloud hosting and servers',
}

/** The words visitors use for the internship's perks ("a mentor"), as SERVICE_WORDS for services. */
const PERK_WORDS: Record<string, string> = {
	'Industry Projects': 'to work on real projects',
	Certificate: 'a certificate',
	Mentorship: 'a mentor or mentoring',
	'Resume Support': 'help with their CV, resume and interviews',
}

const NUMBER_WORDS = [
	'zero',
	'one',
	'two',
	'three',
	'four',
	'five',
	'six',
	'seven',
	'eight',
	'nine',
	'ten',
	'eleven',
	'twelve',
]

/** "3-Month AI Internship Program": "three months". */
function programLength(title: string) {
	const months = Number(/^(\d+)-Month\b/.exec(title)?.[1])
	return months ? `${NUMBER_WORDS[months] ?? months} month${months === 1 ? '' : 's'}` : undefined
}

function buildSiteKnowledge(): string {
	const { address, externalLinks } = company
	const consultation = `Book a free consultation call at ${externalLinks.scheduling}`
	const [general, sales, careers] = company.emails
	const hours = company.hours.map((h) => `${h.days} ${h.time}`).join('; ')
	const serviceNames = services.map((s) => s.page.badge)
	const { workshop } = career
	const [day] = workshop.schedule.split(',')
	const length = programLength(career.programTitle)

	const parts = [
		entry(
			['Who are you?', `What does ${company.name} do?`, `What is ${company.name}?`],
			`${company.name} is an AI and software services company in ${address.locality}, India. ${company.description}`,
		),
		entry(
			['What is your registered company name?', 'What is the legal name of your company?'],
			`Our registered company name is ${company.legalName}`,
		),
		entry(
			['What services do you offer?', 'What can you build for my business?', 'What do you do?'],
			`Our services are ${list(serviceNames)}. ${consultation} to talk about your project.`,
		),
		...services.flatMap(({ slug, card, page }) => {
			const name = page.badge
			const how = page.features.map((f) => `${f.title}: ${sentence(f.description)}`).join(' ')
			return [
				entry(
					[
						`What is your ${name} service?`,
						`What can you tell me about ${name}?`,
						`Do you make ${SERVICE_WORDS[slug] ?? name}?`,
					],
					`${name}: ${page.intro}`,
				),
				entry(
					[`What do I get with ${name}?`, `What are the benefits of ${name}?`],
					`With our ${name} service you get: ${page.benefits.join('; ')}.`,
				),
				entry(
					[`How do you deliver ${name}?`, `Which tools, technologies and integrations do you use for ${name}?`],
					`How we deliver ${name}: ${how}`,
				),
				...(card
					? [
							entry(
								[`What does ${name} include?`],
								`${name}: ${card.description} ${card.items.map(sentence).join(' ')}`,
							),
						]
					: []),
				...(page.platforms
					? [
							entry(
								[`Which cloud platforms do you support for ${name}, to host or move our servers?`],
								`${name} supported platforms: ${page.platforms.join(', ')}.`,
							),
						]
					: []),
			]
		}),
		// Languages are asked about by name ("Do they speak Hindi?"): the answer is the list, so a
		// language that is not on it is answered by its absence, never by a guess.
		entry(
			[
				'Which languages do your voice assistants speak?',
				'Can your voice agents speak and answer calls in Hindi, Tamil or other Indian languages?',
			],
			`Our voice assistants speak ${list([...voiceLanguages])}: each one listens and speaks in the language you set for it. Knowledge written in any of these languages is searched in that language: a question in Hindi finds the Hindi passages.`,
		),
		entry(
			[
				'Are your AI agents available yet?',
				'Can I hire or use your AI agents now?',
				'Which flows will your AI agents automate?',
			],
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
			[
				'Do you offer a free consultation?',
				'Is the first meeting free?',
				'How do I book a call or a meeting with you?',
			],
			`Yes, the first consultation is free. ${consultation}.`,
		),
		entry(
			[
				'What are your opening hours?',
				'When are you open, on weekdays and at weekends?',
				'What time does your office open in the morning and close in the evening?',
			],
			`Our office is open ${hours}.`,
		),
		entry(
			['Where is your office?', 'What is your address?', 'Where are you located or based, in which city?'],
			`Our office is at ${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}.`,
		),
		entry(['What is your phone number?', 'Can I call or phone you?'], `Call us on ${company.phone.display}.`),
		entry(
			['What is your email address?', 'How can I email or contact you or your team?'],
			`Email ${general.address} for ${general.label.toLowerCase()}, ${sales.address} for ${sales.label.toLowerCase()} or ${careers.address} for ${careers.label.toLowerCase()}. Or call us on ${company.phone.display}.`,
		),
		entry(
			['Who do I write to about sales or a new project?'],
			`For ${sales.label.toLowerCase()}, write to ${sales.address}.`,
		),
		entry(
			['Who do I write to about jobs, careers and internships?', 'Are you hiring?'],
			`For ${careers.label.toLowerCase()}, jobs and internships, write to ${careers.address}.`,
		),
		entry(
			['Are you on social media?', `Where can I follow you on ${list(company.social.map((s) => s.label))}?`],
			`Follow us on ${list(company.social.map((s) => `${s.label}: ${s.href}`))}.`,
		),
		entry(
			[
				'Do you have an internship?',
				'Who can apply for the internship, who is eligible?',
				'Can I apply as a college student?',
			],
			`College students can apply for our ${career.programTitle}. ${career.programIntro}`,
		),
		entry(
			['What will I learn in the internship?', 'What topics does the internship cover?'],
			`The internship covers ${list(career.topics.map((t) => t.title))}.`,
		),
		...(length
			? [
					entry(
						['How long is the internship?', 'What is the duration of the internship, in months?'],
						`The ${career.programTitle} lasts ${length}.`,
					),
				]
			: []),
		entry(
			['How do I apply?', 'Where do I send my internship application?'],
			`To apply for the internship, use the ${career.applyLabel} form on our Career page: ${externalLinks.internshipForm}`,
		),
		entry(
			['What are the benefits of the internship?', 'What do interns get?'],
			`Interns get ${list(career.perks.map((p) => `${p.title} (${lower(p.description)})`))}.`,
		),
		...career.perks.map((p) =>
			entry(
				[`Do interns get ${PERK_WORDS[p.title] ?? p.title}?`],
				`Interns get ${p.title}: ${sentence(p.description)}`,
			),
		),
		entry(
			['Is the internship paid?', 'Do interns get a stipend or a salary?'],
			// The Career page names no stipend: the honest answer says so and where to ask (ADR 0029).
			`Our Career page does not mention a stipend or pay for the internship. Ask about pay at ${careers.address}.`,
		),
		entry(
			[
				'When is the next workshop?',
				'When is the workshop held?',
				'What day and time is the AI Chatbot Workshop?',
				'What time does the session start and end?',
			],
			`Our free ${workshop.title} runs every ${workshop.schedule}. The next session is on the coming ${day}, ${workshop.schedule.slice(day.length + 2)}; the Career page counts down to it.`,
		),
		entry(
			['Is the workshop free?', 'Is there a fee for the workshop?'],
			`The ${workshop.title} is free. It runs every ${workshop.schedule}.`,
		),
		entry(['Who can join the workshop?', 'Can any student attend?'], `${workshop.description}`),
		entry(
			['What happens in the workshop?', 'What will the workshop teach me?'],
			`The ${workshop.title} covers: ${workshop.agenda.join('; ')}.`,
		),
		entry(
			['How do I register or sign up for the workshop?'],
			`Register with the ${workshop.registerLabel} form on our Career page: ${externalLinks.workshopForm}`,
		),
		entry(
			['What is the AI Playground?', 'Can I try building a chatbot myself?', 'Is the Playground free?'],
			'In our AI Playground you can sign up for free to build knowledge-base chatbots that you embed on your website, and voice assistants you test in the browser.',
		),
	]
	return parts.join('\n\n')
}
