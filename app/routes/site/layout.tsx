// The public site's frame: the header, the footer and the floating chat around every public page,
// the sign-in pages and the 404 page. It is a layout route, not part of the document (root.tsx), so
// the Playground's pages do not load the site's navigation, content and chat (issue 30: the chatbot
// page's first paint on a phone).
import { Outlet, useLocation, useRouteLoaderData } from 'react-router'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { SiteFooter } from '~/components/site-footer.tsx'
import { SiteHeader } from '~/components/site-header.tsx'
import { SkipLink } from '~/components/skip-link.tsx'
import { ChatWidget } from '~/features/assistant/ui/chat-widget.tsx'
import { Island } from '~/lib/islands/island.tsx'
import type { loader as rootLoader } from '~/root.tsx'

/** Header, main and footer around every page, with the floating chat. */
function SiteFrame({ children }: { children: React.ReactNode }) {
	const { pathname } = useLocation()
	const offline = useRouteLoaderData<typeof rootLoader>('root')?.aiOffline ?? true
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

export default function SiteLayout() {
	return (
		<SiteFrame>
			<Outlet />
		</SiteFrame>
	)
}

export function ErrorBoundary() {
	return (
		<SiteFrame>
			<GeneralErrorBoundary />
		</SiteFrame>
	)
}
