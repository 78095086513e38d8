// Footer link lists (spec section 1). Most links are placeholders in the spec; Careers and
// Schedule a Call go somewhere real.
import { company } from './company.ts'

export const footer = {
	serviceAreasHeading: 'Services',
	serviceAreas: [
		{ label: 'Custom Software', href: '/services/custom-software-development' },
		{ label: 'AI Solutions', href: '/services/ai-chatbots' },
		{ label: 'Mobile App Development', href: '/services/mobile-app-development' },
		{ label: 'Cloud Services', href: '/services/managed-cloud-services' },
		{ label: 'Cybersecurity', href: '#' },
	],
	companyHeading: 'Company',
	companyLinks: [
		{ label: 'About Us', href: '#', external: false },
		{ label: 'Case Studies', href: '#', external: false },
		{ label: 'Careers', href: '/career', external: false },
		{ label: 'Blog', href: '#', external: false },
		{ label: 'Schedule a Call', href: company.externalLinks.scheduling, external: true },
	],
	contactHeading: 'Contact',
	hoursHeading: 'Opening hours',
	legalLinks: [
		{ label: 'Privacy Policy', href: '#' },
		{ label: 'Terms of Service', href: '#' },
		{ label: 'Cookies', href: '#' },
	],
}
