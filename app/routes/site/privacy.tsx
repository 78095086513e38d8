import { DocumentPage } from '~/components/document-page.tsx'
import { privacyPolicy } from '~/content/legal.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = ({ matches }) =>
	seo({
		title: privacyPolicy.title,
		description: privacyPolicy.description,
		path: privacyPolicy.path,
		origin: originFromMatches(matches),
	})

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function PrivacyRoute() {
	return <DocumentPage doc={privacyPolicy} />
}
