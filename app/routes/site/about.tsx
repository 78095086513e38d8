import { DocumentPage } from '~/components/document-page.tsx'
import { aboutPage } from '~/content/about.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) =>
	seo({
		title: aboutPage.title,
		description: aboutPage.description,
		path: aboutPage.path,
		origin: originFromMatches(matches),
	})

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function AboutRoute() {
	return <DocumentPage doc={aboutPage} />
}
