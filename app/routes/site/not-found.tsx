import { useEffect } from 'react'
import { data, useLocation } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ButtonLink } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
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
	useEffect(() => {
		console.error('404 Error: User attempted to access non-existent route:', pathname)
	}, [pathname])
	return (
		<section className="grid min-h-[70vh] place-items-center px-4 pt-24 pb-16">
			<div className="text-center">
				<h1 className="font-display text-gradient text-7xl font-extrabold tracking-tight sm:text-8xl">404</h1>
				<p className="mt-4 text-xl text-slate-600">Oops! Page not found</p>
				<ButtonLink to="/" className="mt-8">
					Return to Home
				</ButtonLink>
			</div>
		</section>
	)
}

export default function NotFoundRoute() {
	return <NotFoundPage />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
}
