import { data, useLocation } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { NotFoundLog } from '~/components/not-found-log.tsx'
import { buttonClasses } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
import { Island } from '~/lib/islands/island.tsx'
import type { Route } from './+types/not-found'

// Every unknown URL lands here and answers 404; the ErrorBoundary renders the page.
export async function loader({ request }: Route.LoaderArgs) {
	console.warn(`404: ${request.method} ${new URL(request.url).pathname}`)
	throw data(null, { status: 404 })
}

export async function action({ request }: Route.ActionArgs) {
	console.warn(`404: ${request.method} ${new URL(request.url).pathname}`)
	throw data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [
	{ title: `Page not found | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

export function NotFoundPage() {
	const { pathname } = useLocation()
	return (
		<section className="grid min-h-[70vh] place-items-center px-4 pt-24 pb-16">
			<div className="text-center">
				<h1 className="font-display text-gradient text-7xl font-extrabold tracking-tight sm:text-8xl">404</h1>
				<p className="mt-4 text-xl text-slate-600">Oops! Page not found</p>
				{/* A plain link: a service page's 404 is served without React Router's client (ADR 0021). */}
				<a href="/" className={buttonClasses({ className: 'mt-8' })}>
					Return to Home
				</a>
			</div>
			{/* The spec logs the missing path to the browser's console; an island, so it does on any page. */}
			<Island name="not-found-log" component={NotFoundLog} props={{ pathname }} />
		</section>
	)
}

export default function NotFoundRoute() {
	return <NotFoundPage />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
}
