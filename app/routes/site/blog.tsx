import { ArrowRight } from 'lucide-react'
import { DocumentPage } from '~/components/document-page.tsx'
import { blogArticles, blogIndex } from '~/content/blog.ts'
import { originFromMatches, seo } from '~/lib/seo.ts'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) =>
	seo({
		title: blogIndex.title,
		description: blogIndex.description,
		path: blogIndex.path,
		origin: originFromMatches(matches),
	})

// Served as HTML with islands, without React Router's client (ADR 0021).
export const handle = { islands: true }

export default function BlogRoute() {
	return (
		<DocumentPage doc={{ ...blogIndex, sections: [] }}>
			<ul aria-label="Articles" className="space-y-6">
				{blogArticles.map((article) => (
					<li
						key={article.slug}
						className="group relative rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-lg hover:shadow-slate-900/5 sm:p-8"
					>
						<h2 className="font-display pr-12 text-xl font-bold text-slate-950 sm:pr-0 sm:text-2xl">
							{/* The whole card is the link's target (the ::after covers it); the heading names it. On
							    phones the title keeps clear of the floating chat button's column. */}
							<a href={article.path} className="after:absolute after:inset-0 after:rounded-3xl">
								{article.title}
							</a>
						</h2>
						<p className="mt-3 leading-relaxed text-slate-600">{article.summary}</p>
						<p aria-hidden className="text-brand-700 mt-4 inline-flex items-center gap-1.5 text-sm font-semibold">
							{blogIndex.readLabel}
							<ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
						</p>
					</li>
				))}
			</ul>
		</DocumentPage>
	)
}
