import { data } from 'react-router'
import { DocumentPage } from '~/components/document-page.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { blogIndex, getBlogArticle } from '~/content/blog.ts'
import { company } from '~/content/company.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/blog-article'
import { NotFoundPage } from './not-found.tsx'

export async function loader({ params, request }: Route.LoaderArgs) {
	const article = getBlogArticle(params.slug)
	if (!article) {
		console.warn(`404: no article at ${new URL(request.url).pathname}`)
		throw data(null, { status: 404 })
	}
	return { slug: article.slug }
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
	const article = getBlogArticle(loaderData?.slug)
	if (!article) return [{ title: `404 | ${company.name}` }]
	return seo({
		title: article.title,
		description: article.description,
		path: article.path,
		origin: originFromMatches(matches),
	})
}

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function BlogArticleRoute({ loaderData }: Route.ComponentProps) {
	const article = getBlogArticle(loaderData.slug)!
	return <DocumentPage doc={article} back={{ href: blogIndex.path, label: blogIndex.backLabel }} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
}
