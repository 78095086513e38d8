import {
	data,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useMatches,
	useRouteLoaderData,
	type LinksFunction,
} from 'react-router'
import { getModelInfo } from '~/ai/models.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { SiteFooter } from '~/components/site-footer.tsx'
import { SiteHeader } from '~/components/site-header.tsx'
import { PageToasts } from '~/components/toast-message.tsx'
import { ChatWidget } from '~/features/assistant/ui/chat-widget.tsx'
import { Island } from '~/lib/islands/island.tsx'
import { islandsScript } from '~/lib/islands/islands-script.server.ts'
import { useNonce } from '~/lib/nonce-provider.tsx'
import { getSiteOrigin } from '~/lib/origin.server.ts'
import { organizationJsonLd } from '~/lib/seo.ts'
import { getToast } from '~/lib/toast.server.ts'
import type { Route } from './+types/root'
import interCoreHref from './styles/fonts/inter-core.woff2?url'
import jakartaCoreHref from './styles/fonts/plus-jakarta-sans-core.woff2?url'
import appStylesHref from './styles/app.css?url'

export const links: LinksFunction = () => [
	// The cut-down faces render the first screen (app/styles/app.css); fetch them with the stylesheet,
	// not after it.
	{ rel: 'preload', href: interCoreHref, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
	{ rel: 'preload', href: jakartaCoreHref, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: Route.LoaderArgs) {
	const { toast, headers } = await getToast(request)
	return data(
		{
			origin: getSiteOrigin(request),
			toast,
			aiOffline: getModelInfo().kind === 'offline',
			islandsScript,
		},
		{ headers: headers ?? undefined },
	)
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const data = useRouteLoaderData<typeof loader>('root')
	// Pages framed on other sites (the chatbot embed) get the document without the site around it; the
	// Playground is an app with its own header, without the marketing navigation and footer.
	const handles = useMatches().map(
		(match) => match.handle as { bare?: boolean; app?: boolean; islands?: boolean } | undefined,
	)
	const bare = handles.some((handle) => handle?.bare)
	const app = handles.some((handle) => handle?.app)
	// The public pages are sent as HTML with islands, without React Router's client (ADR 0021). Only
	// the server decides: reached by a client-side navigation, such a page renders as any other.
	const islands = typeof document === 'undefined' && handles.some((handle) => handle?.islands) && !!data
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
				{islands ? (
					// Woken when idle for the server's toast, or by the first toast the page raises.
					<Island
						name="toasts"
						component={PageToasts}
						props={{ toast: data.toast, placement: 'site' }}
						hydrate={data.toast ? 'idle' : 'intent'}
					/>
				) : (
					<PageToasts toast={bare ? null : data?.toast} placement={app ? 'app' : 'site'} />
				)}
				{/* zod compiles object parsers with `new Function` where it can, and probes for that when a
				    schema is defined; the CSP forbids eval, and the probe alone is reported as a violation.
				    Its global config, set before any module runs, turns that off. */}
				<script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'globalThis.__zod_globalConfig={jitless:true}' }} />
				{islands ? (
					<IslandsScript script={data.islandsScript} nonce={nonce} />
				) : (
					<>
						{bare ? null : <ScrollRestoration nonce={nonce} />}
						<Scripts nonce={nonce} />
					</>
				)}
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
	const { pathname } = useLocation()
	return (
		<div className="flex min-h-screen flex-col">
			<SkipLink />
			{/* Without JavaScript the header works (its links, the <details> menu); it is needed when the
			    page scrolls (the opaque bar), and the chat when reached for. */}
			<Island name="site-header" component={SiteHeader} props={{ pathname }} hydrate="scroll" />
			<main id="main" className="flex-1">
				{children}
			</main>
			<SiteFooter />
			{/* Elsewhere the launcher is a link to /chat until reached for; the home page shows it only
			    once its hero (itself a way into the chat) has scrolled away, which needs the island. */}
			<Island
				name="chat-widget"
				component={ChatWidget}
				props={{ offline, pathname }}
				hydrate={pathname === '/' ? 'scroll' : 'intent'}
			/>
		</div>
	)
}

/**
 * The islands loader. In development Vite serves it from source, and React's fast refresh needs its
 * preamble first (what React Router's <Scripts> adds on its pages).
 */
function IslandsScript({ script, nonce }: { script: { src: string; dev: boolean }; nonce: string }) {
	return (
		<>
			{script.dev ? (
				<script
					type="module"
					nonce={nonce}
					dangerouslySetInnerHTML={{ __html: 'import "/@id/__x00__virtual:react-router/inject-hmr-runtime"' }}
				/>
			) : null}
			<script type="module" src={script.src} nonce={nonce} />
		</>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
