import interLatinHref from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import jakartaLatinHref from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url'
import {
	data,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useMatches,
	useRouteLoaderData,
	type LinksFunction,
} from 'react-router'
import { getModelInfo } from '~/ai/models.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { SiteFooter } from '~/components/site-footer.tsx'
import { SiteHeader } from '~/components/site-header.tsx'
import { ToastMessage, Toaster } from '~/components/toast-message.tsx'
import { ChatWidgetProvider } from '~/features/assistant/ui/chat-widget.tsx'
import { useNonce } from '~/lib/nonce-provider.tsx'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { organizationJsonLd } from '~/lib/seo.ts'
import { getToast } from '~/lib/toast.server.ts'
import type { Route } from './+types/root'
import appStylesHref from './styles/app.css?url'

export const links: LinksFunction = () => [
	// The Latin faces render the first screen; fetch them with the stylesheet, not after it.
	{ rel: 'preload', href: interLatinHref, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
	{ rel: 'preload', href: jakartaLatinHref, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: Route.LoaderArgs) {
	const { toast, headers } = await getToast(request)
	return data(
		{ origin: getSiteOrigin(request), toast, aiOffline: getModelInfo().kind === 'offline' },
		{ headers: headers ?? undefined },
	)
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const data = useRouteLoaderData<typeof loader>('root')
	// Pages framed on other sites (the chatbot embed) get the document without the site around it; the
	// Playground is an app with its own header, without the marketing navigation and footer.
	const handles = useMatches().map((match) => match.handle as { bare?: boolean; app?: boolean } | undefined)
	const bare = handles.some((handle) => handle?.bare)
	const app = handles.some((handle) => handle?.app)
	return (
		<html lang="en-IN" className={bare ? undefined : app ? 'scroll-pt-16' : 'scroll-pt-20'}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#4f46e5" />
				{/* With a precedence, React emits the stylesheet ahead of the script preloads, so the first
				paint no longer waits behind the page's JavaScript. */}
				<link rel="stylesheet" href={appStylesHref} precedence="default" />
				<Meta />
				<Links />
				{data && !bare ? (
					<script
						type="application/ld+json"
						nonce={nonce}
						// JSON.stringify output is data, not markup; '<' is escaped so it cannot close the tag.
						dangerouslySetInnerHTML={{
							__html: JSON.stringify(organizationJsonLd(data.origin)).replace(/</g, '\\u003c'),
						}}
					/>
				) : null}
			</head>
			<body className="bg-white font-sans text-slate-700 antialiased">
				{bare ? (
					children
				) : app ? (
					<AppFrame>{children}</AppFrame>
				) : (
					<SiteFrame offline={data?.aiOffline ?? true}>{children}</SiteFrame>
				)}
				<Toaster placement={app ? 'app' : 'site'} />
				{bare ? null : <ToastMessage toast={data?.toast} />}
				{bare ? null : <ScrollRestoration nonce={nonce} />}
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

/** The Playground: its layout route draws the app's own header; only the skip link is shared. */
function AppFrame({ children }: { children: React.ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col bg-slate-50">
			<SkipLink />
			{children}
		</div>
	)
}

function SkipLink() {
	return (
		<a
			href="#main"
			className="text-brand-700 sr-only z-[60] rounded-md bg-white px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
		>
			Skip to content
		</a>
	)
}

/** Header, main and footer around every page, with the floating chat. */
function SiteFrame({ offline, children }: { offline: boolean; children: React.ReactNode }) {
	return (
		<ChatWidgetProvider offline={offline}>
			<div className="flex min-h-screen flex-col">
				<SkipLink />
				<SiteHeader />
				<main id="main" className="flex-1">
					{children}
				</main>
				<SiteFooter />
			</div>
		</ChatWidgetProvider>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
