// Footer link lists (spec section 1). The spec's links were placeholders ("#"); each now goes to a
// real page or a real section of one (docs/decisions/0047-public-site-promises.md) whose title names
// the link's label (docs/decisions/0065-toasts-clear-of-controls.md, tests/e2e/public-promises.spec.ts).
import { aboutPage } from './about.ts'
import { blogIndex } from './blog.ts'
import { company } from './company.ts'
import { productTour } from './home.ts'
import { legalPaths } from './legal.ts'
import { CYBERSECURITY_ID, servicesSection } from './services.ts'

/** A service area links to the service page that delivers it, by the page's slug (and the section of it). */
const serviceArea = (label: string, slug: string, section?: string) => ({
	label,
	href: `/services/${slug}${section ? `#${section}` : ''}`,
})

export const footer = {
	serviceAreasHeading: 'Services',
	serviceAreas: [
		serviceArea('Custom Software', 'custom-software-development'),
		// Three services, not one: the home page's cards, which start with the AI ones (agents, voice, chat).
		{ label: 'AI Solutions', href: `/#${servicesSection.id}` },
		serviceArea('Mobile App Development', 'mobile-app-development'),
		serviceArea('Cloud Services', 'managed-cloud-services'),
		// No page of its own (the spec's six service pages): the part of managed cloud that delivers it.
		serviceArea('Cybersecurity', 'managed-cloud-services', CYBERSECURITY_ID),
	],
	companyHeading: 'Company',
	companyLinks: [
		{ label: 'About Us', href: aboutPage.path, external: false },
		// No client stories are published yet: the worked example of the product on the home page.
		{ label: 'Case Studies', href: `/#${productTour.id}`, external: false },
		{ label: 'Careers', href: '/career', external: false },
		{ label: 'Blog', href: blogIndex.path, external: false },
		{ label: 'Schedule a Call', href: company.externalLinks.scheduling, external: true },
	],
	contactHeading: 'Contact',
	hoursHeading: 'Opening hours',
	legalLinks: [
		{ label: 'Privacy Policy', href: legalPaths.privacy },
		{ label: 'Terms of Service', href: legalPaths.terms },
		{ label: 'Cookies', href: legalPaths.cookies },
	],
}
