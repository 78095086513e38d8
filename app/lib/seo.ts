// Per-route <title>, description, canonical URL and Open Graph tags.
import type { MetaDescriptor } from 'react-router'
import { company } from '~/content/company.ts'

type RootData = { origin: string }

type SeoInput = {
	title: string
	description: string
	/** Path of the canonical URL, e.g. '/career'. */
	path: string
	origin: string
}

export function seo({ title, description, path, origin }: SeoInput): MetaDescriptor[] {
	const fullTitle = title.includes(company.name) ? title : `${title} | ${company.name}`
	const url = new URL(path, origin).toString()
	return [
		{ title: fullTitle },
		{ name: 'description', content: description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:type', content: 'website' },
		{ property: 'og:site_name', content: company.name },
		{ property: 'og:title', content: fullTitle },
		{ property: 'og:description', content: description },
		{ property: 'og:url', content: url },
		{ property: 'og:image', content: new URL('/og-image.jpg', origin).toString() },
		{ property: 'og:locale', content: 'en_IN' },
		{ name: 'twitter:card', content: 'summary_large_image' },
	]
}

/** The site origin from the root loader, for meta functions. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>) {
	const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined
	return root?.origin ?? 'http://localhost:3000'
}

export function organizationJsonLd(origin: string) {
	return {
		'@context': 'https://schema.org',
		'@type': 'Organization',
		name: company.name,
		legalName: company.legalName,
		url: origin,
		logo: new URL('/favicon.svg', origin).toString(),
		description: company.description,
		email: company.emails[0].address,
		telephone: company.phone.display,
		address: {
			'@type': 'PostalAddress',
			streetAddress: company.address.street,
			addressLocality: company.address.locality,
			addressRegion: company.address.region,
			postalCode: company.address.postalCode,
			addressCountry: company.address.countryCode,
		},
		openingHoursSpecification: {
			'@type': 'OpeningHoursSpecification',
			dayOfWeek: company.openingHoursSpec.days,
			opens: company.openingHoursSpec.opens,
			closes: company.openingHoursSpec.closes,
		},
		sameAs: company.social.map((s) => s.href),
	}
}
