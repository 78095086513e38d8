// Services: the four home-page cards and the six service pages (spec section 2).

/**
 * The languages the product's voice assistants speak: the Voicebot Builder's list (spec section 3,
 * app/features/voice/catalog.ts). What the pages say about languages is made from this list, and
 * tests/integration/public-promises.test.ts keeps it equal to the builder's, so the site never
 * promises a language the product does not speak.
 */
export const voiceLanguages = ['English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Hindi'] as const

const languageCount =
	['Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'][voiceLanguages.length - 2] ??
	String(voiceLanguages.length)
const languageList = (last: 'and' | 'or') =>
	`${voiceLanguages.slice(0, -1).join(', ')} ${last} ${voiceLanguages.at(-1)}`
type ServiceCategory = 'ai' | 'software'

/** `id`: a feature a link goes to directly (the footer's Cybersecurity). */
type ServiceFeature = { title: string; description: string; icon: string; id?: string }

/** The anchor of the managed cloud page's security work, the site's cybersecurity service. */
export const CYBERSECURITY_ID = 'cybersecurity'

export type Service = {
	slug: string
	/** Card on the home page; unlisted services have only their page (the spec's "unused entries"). */
	card?: {
		title: string
		description: string
		items: string[]
		category: ServiceCategory
		featured: boolean
		gradient: string
	}
	icon: string
	page: {
		badge: string
		title: string
		intro: string
		metaDescription: string
		benefits: [string, string, string, string, string, string]
		features: [ServiceFeature, ServiceFeature, ServiceFeature, ServiceFeature]
		ctaLabel: string
		platforms?: string[]
	}
}

const serviceCategories = [
	{ id: 'all', label: 'All services' },
	{ id: 'ai', label: 'AI solutions' },
	{ id: 'software', label: 'Software' },
] as const

export type ServiceFilter = (typeof serviceCategories)[number]['id']

/** The label each card carries for its category, beside the Featured badge when it has one. */
export const cardCategoryLabels: Record<ServiceCategory, string> = { ai: 'AI solution', software: 'Software' }

export const servicesSection = {
	/** The home page's anchor (the navigation's Services, the footer's AI Solutions). */
	id: 'services',
	// What the cards are, in the spec's categories: the footer's "AI Solutions" lands here.
	eyebrow: 'AI solutions and software',
	heading: 'Services built for measurable results',
	intro:
		'From a single chatbot to a full product team, we take ownership of outcomes: faster responses, lower costs and software your customers enjoy using.',
	getStartedLabel: 'Get Started',
	featuredLabel: 'Featured',
	backLabel: 'Back to Services',
}

export const services: Service[] = [
	{
		slug: 'autonomous-ai-agents',
		icon: 'workflow',
		card: {
			title: 'Autonomous AI Agents',
			description: 'Agents that plan, decide and act across your tools to run entire workflows.',
			items: ['Multi-step workflow automation', 'Tool and API integrations', 'Human-in-the-loop approvals'],
			category: 'ai',
			featured: true,
			gradient: 'from-indigo-500 to-violet-500',
		},
		page: {
			badge: 'Autonomous AI Agents',
			title: 'AI agents that get real work done',
			intro:
				'We build goal-driven agents that read your data, use your tools and complete multi-step tasks on their own, escalating to your team only when judgement is needed.',
			metaDescription:
				'Custom autonomous AI agents that automate calls, inventory, CRM updates and back-office workflows for Indian businesses.',
			benefits: [
				'Automate end-to-end workflows, not just single tasks',
				'Connect to your CRM, ERP, spreadsheets and internal APIs',
				'Approvals and audit trails for every action an agent takes',
				'Run around the clock without adding headcount',
				'Guardrails that keep agents inside your business rules',
				'Dashboards that show time and cost saved each week',
			],
			features: [
				{
					title: 'Workflow discovery',
					description: 'We map your processes and pick the ones where agents pay back fastest.',
					icon: 'search',
				},
				{
					title: 'Tool integrations',
					description: 'Secure connectors to Zoho, Salesforce, Tally, SAP, Google Workspace and custom APIs.',
					icon: 'plug',
				},
				{
					title: 'Safe autonomy',
					description: 'Role-based permissions, spending limits and human review for sensitive steps.',
					icon: 'shield',
				},
				{
					title: 'Continuous improvement',
					description: 'Every run is logged and evaluated, so agents get measurably better over time.',
					icon: 'trending',
				},
			],
			ctaLabel: 'Get Started with AI Agents',
		},
	},
	{
		slug: 'voice-assistants',
		icon: 'audio',
		card: {
			title: 'Voice Assistants',
			description: 'Natural voice agents that answer calls, book appointments and follow up.',
			items: ['Inbound and outbound calling', `${languageCount} languages, English included`, 'CRM and calendar sync'],
			category: 'ai',
			featured: true,
			gradient: 'from-sky-500 to-cyan-500',
		},
		page: {
			badge: 'Voice Assistants',
			title: 'Voice assistants your callers enjoy talking to',
			intro:
				'Human-sounding voice agents that pick up every call, understand accents and intent, and resolve routine requests in seconds, in the language you set for the assistant.',
			metaDescription: `AI voice assistants for call handling, appointment booking and lead follow-up, in ${languageList('and')}.`,
			benefits: [
				'Answer 100% of calls, including nights and holidays',
				'Cut average handling time on routine queries',
				`Speak ${languageList('or')}`,
				'Book, reschedule and confirm appointments automatically',
				'Hand over to a human agent with full context',
				'Searchable transcripts and call analytics',
			],
			features: [
				{
					title: 'Natural voices',
					description: 'Warm, expressive voices tuned for clarity on phone lines.',
					icon: 'audio',
				},
				{
					title: 'Telephony ready',
					description: 'Works with your existing numbers, IVR and cloud telephony provider.',
					icon: 'phone',
				},
				{
					title: 'Live dashboard',
					description: 'Watch conversations arrive in real time with status and duration.',
					icon: 'gauge',
				},
				{
					title: `${languageCount} languages`,
					description: 'Each assistant listens and speaks in the language you set for it.',
					icon: 'languages',
				},
			],
			ctaLabel: 'Build Your Voice Assistant',
		},
	},
	{
		slug: 'ai-chatbots',
		icon: 'bot',
		card: {
			title: 'AI Chatbots',
			description: 'Chatbots grounded in your documents and website, live on your site in days.',
			items: ['Trained on your own knowledge', 'Website, WhatsApp and app channels', 'Lead capture and handover'],
			category: 'ai',
			featured: true,
			gradient: 'from-violet-500 to-fuchsia-500',
		},
		page: {
			badge: 'AI Chatbots',
			title: 'Chatbots that actually know your business',
			intro:
				'We build chatbots on your own content (brochures, policies, product catalogues and web pages) so every answer is accurate, on-brand and available 24x7.',
			metaDescription:
				'Custom AI chatbots grounded in your documents and website, for support, sales and lead generation on web and WhatsApp.',
			benefits: [
				'Answers grounded in your documents, not guesses',
				'Resolve the majority of routine questions instantly',
				'Capture and qualify leads while you sleep',
				'Embed on any website with a single line of code',
				'Hand over to your team with the full conversation',
				'Insights on what customers ask most',
			],
			features: [
				{
					title: 'Knowledge grounding',
					description: 'Retrieval over your PDFs, Word files and web pages keeps answers factual.',
					icon: 'file',
				},
				{
					title: 'Omnichannel',
					description: 'One assistant for your website, WhatsApp Business and mobile app.',
					icon: 'message',
				},
				{
					title: 'Brand voice',
					description: 'Custom instructions and tone so the bot sounds like your team.',
					icon: 'sparkles',
				},
				{
					title: 'Analytics',
					description: 'Conversation analytics that show gaps in your content and sales opportunities.',
					icon: 'chart',
				},
			],
			ctaLabel: 'Deploy Your AI Chatbot',
		},
	},
	{
		slug: 'custom-software-development',
		icon: 'code',
		card: {
			title: 'Custom Software Development',
			description: 'Web platforms, portals and internal tools engineered for scale.',
			items: ['Product discovery and UX', 'Full-stack web development', 'Integrations and APIs'],
			category: 'software',
			featured: false,
			gradient: 'from-emerald-500 to-teal-500',
		},
		page: {
			badge: 'Custom Software Development',
			title: 'Software built around how you work',
			intro:
				'A senior product team that takes your idea from discovery to a secure, scalable platform, with fixed milestones, weekly demos and code you own.',
			metaDescription:
				'Custom web platforms, portals and internal tools built by a senior team in Greater Noida, from discovery to launch.',
			benefits: [
				'Discovery workshops that de-risk scope and budget',
				'Modern, maintainable stacks with full code ownership',
				'Weekly demos and transparent progress tracking',
				'Security and performance built in from day one',
				'Integrations with payment, GST and ERP systems',
				'Post-launch support and continuous improvement',
			],
			features: [
				{
					title: 'Product design',
					description: 'User research, wireframes and polished interfaces your users understand.',
					icon: 'layers',
				},
				{
					title: 'Engineering',
					description: 'TypeScript, Python and cloud-native services with automated tests.',
					icon: 'code',
				},
				{ title: 'Integrations', description: 'Razorpay, GST, Tally, SAP and any REST or GraphQL API.', icon: 'plug' },
				{ title: 'Quality assurance', description: 'Automated and manual testing on every release.', icon: 'check' },
			],
			ctaLabel: 'Start Your Project',
		},
	},
	{
		slug: 'mobile-app-development',
		icon: 'smartphone',
		page: {
			badge: 'Mobile App Development',
			title: 'Mobile apps people keep on their home screen',
			intro:
				'Fast, reliable iOS and Android apps built with React Native or native code, designed for Indian networks, devices and payment habits.',
			metaDescription:
				'iOS and Android app development with React Native and native code, built for performance on every device.',
			benefits: [
				'One codebase for iOS and Android where it makes sense',
				'Smooth performance on budget and flagship phones',
				'Offline-first design for patchy connectivity',
				'UPI, Razorpay and wallet payments built in',
				'Push notifications and in-app analytics',
				'App Store and Play Store launch handled for you',
			],
			features: [
				{
					title: 'Cross-platform',
					description: 'React Native apps that look and feel native on both platforms.',
					icon: 'smartphone',
				},
				{
					title: 'Native performance',
					description: 'Swift and Kotlin modules where speed or hardware access matters.',
					icon: 'zap',
				},
				{
					title: 'Secure backends',
					description: 'Scalable APIs with authentication and encrypted storage.',
					icon: 'lock',
				},
				{
					title: 'Growth ready',
					description: 'Analytics, A/B tests and crash reporting from the first release.',
					icon: 'trending',
				},
			],
			ctaLabel: 'Build Your Mobile App',
		},
	},
	{
		slug: 'managed-cloud-services',
		icon: 'cloud',
		page: {
			badge: 'Managed Cloud Services',
			title: 'Cloud infrastructure that runs itself',
			intro:
				'We design, migrate and operate your cloud so it stays fast, secure and cost-efficient, with 24x7 monitoring and a team that answers when you call.',
			metaDescription:
				'Managed AWS, Azure and GCP: migration, DevOps, security and cost optimisation with 24x7 monitoring.',
			benefits: [
				'Lower cloud bills through right-sizing and reservations',
				'24x7 monitoring, alerting and incident response',
				'Automated backups and tested disaster recovery',
				'CI/CD pipelines that ship safely several times a day',
				'Security hardening aligned with CERT-In guidelines',
				'Data residency in Indian regions when required',
			],
			features: [
				{
					title: 'Migration',
					description: 'Move from on-premise or another cloud with minimal downtime.',
					icon: 'cloud',
				},
				{
					title: 'DevOps',
					description: 'Infrastructure as code, containers and automated deployments.',
					icon: 'server',
				},
				{
					id: CYBERSECURITY_ID,
					title: 'Cybersecurity',
					description: 'Identity, network and secrets management done right.',
					icon: 'shield',
				},
				{
					title: 'Cost optimisation',
					description: 'Monthly reviews that keep spend in line with usage.',
					icon: 'gauge',
				},
			],
			ctaLabel: 'Optimize Your Cloud',
			platforms: ['AWS', 'Azure', 'GCP'],
		},
	},
]

export function getServiceBySlug(slug: string | undefined) {
	return services.find((s) => s.slug === slug)
}

export function filterServiceCards(filter: ServiceFilter) {
	return services.filter((s) => s.card && (filter === 'all' || s.card.category === filter))
}
