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
import { SkipLink } from '~/components/skip-link.tsx'
import { PageToasts, ToastPlacementProvider } from '~/components/toast-message.tsx'
import { getEnv } from '~/lib/env.server.ts'
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
	{
		rel: 'preload',
		href: interCoreHref,
		as: 'font',
		type: 'font/woff2',
		crossOrigin: 'anonymous',
	},
	{
		rel: 'preload',
		href: jakartaCoreHref,
		as: 'font',
		type: 'font/woff2',
		crossOrigin: 'anonymous',
	},
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: Route.LoaderArgs) {
	const { toast, headers } = await getToast(request)
	const origin = getSiteOrigin(request)
	return data(
		{
			origin,
			// Made here so the company's details stay out of every page's JavaScript.
			organizationJsonLd: JSON.stringify(organizationJsonLd(origin)).replace(/</g, '\\u003c'),
			toast,
			aiOffline: getModelInfo().kind === 'offline',
			// The zone every time on the site is written in (the owner's, DASHBOARD_TIME_ZONE): charts too.
			timeZone: getEnv().DASHBOARD_TIME_ZONE,
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
						// JSON.stringify output is data, not markup; '<' is escaped (in the loader) so it cannot close the tag.
						dangerouslySetInnerHTML={{
							__html: data.organizationJsonLd,
						}}
					/>
				) : null}
			</head>
			<body className="bg-white font-sans text-slate-700 antialiased">
				{/* The public pages' header, footer and chat are their layout route's (routes/site/layout.tsx), so
				    the Playground's pages do not load them. */}
				{app ? <AppFrame>{children}</AppFrame> : children}
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
				<script
					nonce={nonce}
					dangerouslySetInnerHTML={{
						__html: 'globalThis.__zod_globalConfig={jitless:true}',
					}}
				/>
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
			<ToastPlacementProvider value="app">{children}</ToastPlacementProvider>
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
					dangerouslySetInnerHTML={{
						__html: 'import "/@id/__x00__virtual:react-router/inject-hmr-runtime"',
					}}
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
