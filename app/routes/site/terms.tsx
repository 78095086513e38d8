import { DocumentPage } from '~/components/document-page.tsx'
import { termsOfService } from '~/content/legal.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = ({ matches }) =>
	seo({
		title: termsOfService.title,
		description: termsOfService.description,
		path: termsOfService.path,
		origin: originFromMatches(matches),
	})

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function TermsRoute() {
	return <DocumentPage doc={termsOfService} />
}
