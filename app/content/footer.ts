// Footer link lists (spec section 1). Most links are placeholders in the spec; Careers and
// Schedule a Call go somewhere real.
import { company } from './company.ts'

/** A service area links to its service page, by the page's slug; one without a page is a placeholder. */
const serviceArea = (label: string, slug?: string) => ({ label, href: slug ? `/services/${slug}` : '#' })

export const footer = {
	serviceAreasHeading: 'Services',
	serviceAreas: [
		serviceArea('Custom Software', 'custom-software-development'),
		serviceArea('AI Solutions', 'ai-chatbots'),
		serviceArea('Mobile App Development', 'mobile-app-development'),
		serviceArea('Cloud Services', 'managed-cloud-services'),
		serviceArea('Cybersecurity'),
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
