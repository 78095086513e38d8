import { DocumentPage } from '~/components/document-page.tsx'
import { cookiesPolicy } from '~/content/legal.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/cookies'

export const meta: Route.MetaFunction = ({ matches }) =>
	seo({
		title: cookiesPolicy.title,
		description: cookiesPolicy.description,
		path: cookiesPolicy.path,
		origin: originFromMatches(matches),
	})

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function CookiesRoute() {
	return <DocumentPage doc={cookiesPolicy} />
}
