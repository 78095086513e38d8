// Home page copy: hero, builder tiles, AI agents section.
import { company } from './company.ts'

export type HeroTab = 'development' | 'chatbot' | 'voice'

export const hero = {
	headline: 'Empower your business with AI',
	subheading:
		'We design, build and run AI chatbots, voice assistants and custom software for growing businesses across India and beyond, from first prototype to production in weeks.',
	badges: ['AI-first engineering studio', 'Made in India, shipping worldwide'],
	cards: [
		{
			tab: 'development' as const,
			title: 'Custom Development',
			description: 'Web, mobile and cloud software, engineered around your workflow.',
			icon: 'code',
		},
		{
			tab: 'chatbot' as const,
			title: 'AI Chat',
			description: 'Ask our assistant anything about our services, right now.',
			icon: 'message',
		},
		{
			tab: 'voice' as const,
			title: 'AI Assistant',
			description: 'Hear how a voice agent answers calls for your business.',
			icon: 'mic',
		},
	],
	promptsLabel: 'Try asking for',
	askLabel: 'Describe what you want to build, and ask Riya',
	askButton: 'Ask Riya',
	exploreLabel: 'Explore Our Builders',
	consultationLabel: 'Book a Free Consultation',
}

/** Example prompts shown by the typewriter, one list per hero tab. */
export const examplePrompts: Record<HeroTab, string[]> = {
	development: [
		'Build a GST-ready invoicing portal for my distribution business',
		'Create a patient booking app for our clinic chain in Noida',
		'Automate our inventory sync between Tally and our online store',
		'Modernise our legacy PHP ERP into a cloud-native platform',
	],
	chatbot: [
		'Answer customer questions from our product catalogue, 24x7',
		'Qualify leads on our website and book demos automatically',
		'Help students find the right course from our brochure',
		'Hand customers to our team when they ask for a person',
	],
	voice: [
		'Answer inbound calls and book service appointments',
		'Call back missed leads within five minutes',
		'Remind patients about their appointments',
		'Take restaurant orders over the phone during peak hours',
	],
}

export const voicePlaceholder = {
	title: 'Voicebot Solution (Placeholder)',
	description: 'A preview of how our voice agents pick up a call.',
	statusLabels: { disconnected: 'Disconnected', connecting: 'Connecting...', connected: 'Connected' },
	response: `Namaste! You've reached the ${company.name} demo line. Our voice agents answer calls like this one around the clock. Book a free consultation to hear one built for your business.`,
}

export const builderTiles = {
	heading: 'Build your own assistant in minutes',
	intro:
		'Our AI Playground lets you turn your documents and website into a chatbot you can embed anywhere, or design a voice assistant and talk to it in your browser.',
	tiles: [
		{
			title: 'AI Chatbot Builder',
			description:
				'Upload PDFs, Word files or your website, set the tone, and embed a grounded chatbot with one line of code.',
			icon: 'bot',
		},
		{
			title: 'Voicebot Builder',
			description: 'Pick a voice and language, write instructions, and test a natural-sounding voice assistant live.',
			icon: 'audio',
		},
	],
}

/** The Playground as it is: pictures taken from the running product by `npm run shots:product`. */
export const productTour = {
	/** The section's anchor; the footer's Case Studies link goes here. */
	id: 'see-it-working',
	eyebrow: 'See it working',
	heading: 'From your documents to answers on your site',
	steps: [
		{
			title: 'Build on your own knowledge',
			description:
				'Add files, pages or a whole website, write how it should answer, and ask the live preview before anyone else does.',
			image: '/product/builder.jpg',
			alt: 'The Chatbot Builder: knowledge sources and settings beside a live preview answering a delivery question.',
		},
		{
			title: 'Put it on your site in one line',
			description:
				'Your colours, your welcome message, only on the sites you allow. Visitors rate answers and can leave their details.',
			image: '/product/widget.jpg',
			alt: 'A demo shop’s website with the chat widget open, answering a question about gift wrapping.',
		},
		{
			title: 'See every question, and why it answered',
			description:
				'Each conversation shows the passages each answer came from, with their scores. Unanswered questions become new knowledge in a click.',
			image: '/product/activity.jpg',
			alt: 'A visitor’s conversation in the Playground, with the retrieved passages and scores under an answer.',
		},
	],
}

export type AgentFlow = {
	title: string
	description: string
	colour: 'indigo' | 'emerald' | 'amber' | 'rose'
	icon: string
	steps: [string, string, string, string]
}

export const agentsSection = {
	badge: 'Coming Soon',
	heading: 'Autonomous AI agents that run your operations',
	intro:
		'Agents that listen, decide and act across your phone lines, warehouse and CRM, so your team spends its day on customers instead of data entry.',
	flows: [
		{
			title: 'Inbound Call Handling',
			description: 'Every call answered on the first ring, day or night.',
			colour: 'indigo',
			icon: 'phone-incoming',
			steps: [
				'Caller is greeted by a natural voice agent',
				'Intent is understood and the customer record fetched',
				'The query is resolved or an appointment booked',
				'A summary is logged and the right team notified',
			],
		},
		{
			title: 'Inventory Management',
			description: 'Stock levels that watch themselves and reorder on time.',
			colour: 'emerald',
			icon: 'boxes',
			steps: [
				'Sales and warehouse data stream in continuously',
				'Demand is forecast per SKU and location',
				'Purchase orders are drafted before stock runs out',
				'Managers approve with a single tap',
			],
		},
		{
			title: 'Field Note Logging',
			description: 'Site visits captured by voice, filed without typing.',
			colour: 'amber',
			icon: 'notebook',
			steps: [
				'Field staff speak their notes after a visit',
				'Their speech is turned into text',
				'Key facts, photos and follow-ups are extracted',
				'A structured report lands in your system',
			],
		},
		{
			title: 'CRM Updates',
			description: 'Your CRM stays accurate without anyone updating it.',
			colour: 'rose',
			icon: 'database',
			steps: [
				'Emails, calls and chats are read as they happen',
				'Contacts, deals and stages are matched',
				'Records are updated with notes and next steps',
				'Sales leads get a daily digest of changes',
			],
		},
	] satisfies AgentFlow[],
	claims: [
		{ value: 'Up to 70%', label: 'cost reduction on routine operations' },
		{ value: 'Unlimited', label: 'concurrent operations, day and night' },
		{ value: '$127B', label: 'conversational AI market by 2030' },
	],
	ctaLabel: 'Schedule a Consultation',
	rotationMs: 4000,
	fadeMs: 500,
}
