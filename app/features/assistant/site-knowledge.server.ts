// What the public chat assistant knows: the site's own content, as passages.
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

function buildSiteKnowledge(): string {
	const { address } = company
	const serviceList = services.map((s) => s.page.badge).join(', ')
	const parts = [
		`${company.name} is an AI and software services company in ${address.locality}, India. Our services are: ${serviceList}. ${company.description}`,
		...services.map(
			(s) =>
				`Our ${s.page.badge} service: ${s.page.intro} What you get: ${s.page.benefits.join('; ')}. How we deliver: ${s.page.features.map((f) => `${f.title}: ${f.description}`).join(' ')}${s.page.platforms ? ` Supported platforms: ${s.page.platforms.join(', ')}.` : ''}`,
		),
		`Our autonomous AI agents (coming soon) automate flows such as ${agentsSection.flows.map((f) => f.title).join(', ')}. ${agentsSection.claims.map((c) => `${c.value} ${c.label}`).join('; ')}.`,
		`Our ${career.programTitle} (internship) is for college students. Topics: ${career.topics.map((t) => t.title).join(', ')}. Benefits: ${career.perks.map((p) => p.title).join(', ')}. Apply through the Apply for Internship form on the Career page.`,
		`Our free ${career.workshop.title} runs every ${career.workshop.schedule}. ${career.workshop.description} Register with the Register Now form on the Career page.`,
		`You can contact us at our office at ${address.street}, ${address.locality}, ${address.region} ${address.postalCode}. Phone ${company.phone.display}. Email ${company.emails.map((e) => `${e.address} (${e.label.toLowerCase()})`).join(', ')}. Opening hours: ${company.hours.map((h) => `${h.days} ${h.time}`).join(', ')}. You can book a free consultation call online.`,
		`In our AI Playground you can sign up for free to build knowledge-base chatbots that you can embed on your website, and voice assistants you can test in the browser.`,
	]
	return parts.join('\n\n')
}
