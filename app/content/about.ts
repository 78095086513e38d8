// The About Us page: who we are, from the facts the rest of the site already states (company.ts,
// services.ts, career.ts), and nothing it does not.
import { career } from './career.ts'
import { company } from './company.ts'
import type { SiteDocument } from './documents.ts'
import { services } from './services.ts'

const { address } = company

export const aboutPage: SiteDocument = {
	path: '/about',
	eyebrow: 'About us',
	title: `About ${company.name}`,
	description: `${company.name} is an AI and software services company in ${address.locality}, India: AI chatbots, voice assistants, custom software, mobile apps and cloud.`,
	intro: `${company.description} We are an engineering studio in ${address.locality}, India, and we also build our own product, the AI Playground.`,
	sections: [
		{
			id: 'what-we-do',
			heading: 'What we do',
			blocks: [
				'We design, build and run software for businesses, from a first prototype to production:',
				{
					list: services.map(
						({ slug, card, page }) => `[${page.badge}](/services/${slug}): ${card?.description ?? page.intro}`,
					),
				},
			],
		},
		{
			id: 'ai-playground',
			heading: 'Our product: the AI Playground',
			blocks: [
				'In the AI Playground, a business turns its documents and website into a chatbot that answers from them, puts it on its own site with one line of code, and designs voice assistants it can talk to in the browser. Each answer can show the passages it came from, and the owner sees every conversation.',
				'[Try the Playground](/auth), or read [how its chatbots answer](/blog/how-chatbots-answer-from-your-documents).',
			],
		},
		{
			id: 'careers',
			heading: 'Careers and internships',
			blocks: [
				`College students can join our [${career.programTitle}](/career). Our free ${career.workshop.title} runs on ${career.workshop.schedule}.`,
			],
		},
		{
			id: 'find-us',
			heading: 'Where to find us',
			blocks: [
				`${company.legalName}, ${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}.`,
				{
					list: [
						...company.hours.map((row) => `${row.days}: ${row.time}`),
						`Phone: ${company.phone.display}`,
						...company.emails.map((email) => `${email.label}: [${email.address}](mailto:${email.address})`),
					],
				},
				`The first consultation is free: [book a call](${company.externalLinks.scheduling}).`,
			],
		},
	],
}
