// Company details shown across the site (footer, JSON-LD, contact links).
// The spec withholds the real values: every placeholder below is set here, in this one file.
export const company = {
	name: 'Zenvora AI',
	legalName: 'Zenvora AI Technologies Pvt. Ltd.',
	tagline: 'AI & software services',
	description:
		'We deliver innovative software and AI solutions for businesses of all sizes, turning ideas into scalable technologies.',
	address: {
		street: 'Office 512, Tower B, Knowledge Park III',
		locality: 'Greater Noida',
		region: 'Uttar Pradesh',
		postalCode: '201310',
		country: 'India',
		countryCode: 'IN',
	},
	// Placeholder number in the Greater Noida (0120) exchange format.
	phone: { display: '+91 120 400 0000', href: 'tel:+911204000000' },
	emails: [
		{ label: 'General enquiries', address: 'hello@zenvora.example' },
		{ label: 'Sales', address: 'sales@zenvora.example' },
		{ label: 'Careers', address: 'careers@zenvora.example' },
	],
	hours: [
		{ days: 'Monday - Saturday', time: '9am - 6pm' },
		{ days: 'Sunday', time: 'Closed' },
	],
	// Opening hours in schema.org form for the Organization JSON-LD.
	openingHoursSpec: { days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'], opens: '09:00', closes: '18:00' },
	social: [
		{ network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/zenvora-ai' },
		{ network: 'x', label: 'X (Twitter)', href: 'https://x.com/zenvora_ai' },
		{ network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/zenvora.ai' },
		{ network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@zenvora-ai' },
	],
	externalLinks: {
		/** "Free Consultation", "Schedule a Call", "Schedule a Consultation" */
		scheduling: 'https://cal.com/zenvora-ai/free-consultation',
		/** "Apply for Internship" */
		internshipForm: 'https://forms.gle/zenvora-internship-application',
		/** "Register Now" for the workshop */
		workshopForm: 'https://forms.gle/zenvora-chatbot-workshop',
	},
} as const

export type SocialNetwork = (typeof company.social)[number]['network']
