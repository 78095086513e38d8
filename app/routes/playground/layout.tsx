// The Playground is an app: a compact header of its own (product, the user, Sign Out, the way back
// to the site) on every page. Its home (the spec's tabs: Chatbot Builder, Voicebot Builder and the
// administrator's Dashboard) has the spec's heading, greeting and tabs (a rail on wide screens, a tab
// bar on phones) beside the tab's page; every other page (a chatbot's or an assistant's workspace,
// their activity, Account, Models) has the whole width to itself, under the app's header (ADR 0051).
// Every link and the Sign Out form work without JavaScript.
import { ArrowLeft, AudioLines, Bot, LayoutDashboard, LogOut, UserRound } from 'lucide-react'
import { data, Form, Link, NavLink, Outlet, useLocation } from 'react-router'
import { Logo } from '~/components/logo.tsx'
import { withoutTrailingSlash } from '~/components/playground/workspace-parts.tsx'
import { company } from '~/content/company.ts'
import { waitingForPeople } from '~/features/chatbots/handoff/handoff.server.ts'
import { WaitingBadge } from '~/features/chatbots/handoff/ui/waiting-badge.tsx'
import { privateHeaders, privateRouteHeaders } from '~/lib/http.server.ts'
import { cn } from '~/lib/misc.ts'
import { requireUser } from '~/routes/guards.server.ts'
import type { Route } from './+types/layout'

export const handle = { app: true }

export async function loader({ request }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	return data(
		{
			displayName: user.fullName || user.email,
			isAdmin: user.isAdmin,
			// Visitors waiting for a person on this user's chatbots: the header's live badge (ADR 0061).
			waiting: await waitingForPeople(user.id),
		},
		{ headers: privateHeaders(setCookie) },
	)
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `AI Playground | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

const HEADER_BUTTON =
	'inline-flex h-9 shrink-0 items-center gap-2 rounded-full px-3 text-sm font-semibold text-slate-700 ring-1 ring-slate-200 transition-colors hover:bg-slate-100 hover:text-slate-900'

/** The Playground's home: the spec's page with its tabs (Chatbot Builder, Voicebot Builder, Dashboard). */
const HOME_PATHS = ['/playground', '/playground/voicebots', '/playground/dashboard']

/** The way back from the pages outside the home that have none of their own (workspaces do). */
const BACK_LINKS: Record<string, { to: string; label: string } | undefined> = {
	'/playground/models': { to: '/playground/dashboard', label: 'Dashboard' },
	'/playground/account': { to: '/playground', label: 'AI Playground' },
}

type Section = {
	to: string
	label: string
	/** Shown on phones, where the three tabs share 320 px; the full label stays the accessible name. */
	short: string
	icon: typeof Bot
	matches: (pathname: string) => boolean
}

export default function PlaygroundRoute({ loaderData }: Route.ComponentProps) {
	const { pathname } = useLocation()
	const sections: Section[] = [
		{
			to: '/playground',
			label: 'Chatbot Builder',
			short: 'Chatbot',
			icon: Bot,
			matches: (p) => p === '/playground' || p.startsWith('/playground/chatbots/'),
		},
		{
			to: '/playground/voicebots',
			label: 'Voicebot Builder',
			short: 'Voicebot',
			icon: AudioLines,
			matches: (p) => p.startsWith('/playground/voicebots'),
		},
		...(loaderData.isAdmin
			? [
					{
						to: '/playground/dashboard',
						label: 'Dashboard',
						short: 'Dashboard',
						icon: LayoutDashboard,
						matches: (p: string) => p.startsWith('/playground/dashboard'),
					},
				]
			: []),
	]
	// The spec's Playground page is its three tabs; everything else is a page of its own.
	const page = withoutTrailingSlash(pathname)
	const home = HOME_PATHS.includes(page)
	// The Models page sends its administrator back to the Dashboard; anyone else (who gets its 403)
	// to the Playground's home, not to another page they cannot open.
	const back =
		page === '/playground/models' && !loaderData.isAdmin ? BACK_LINKS['/playground/account'] : BACK_LINKS[page]
	return (
		<>
			<header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur-md">
				<div className="container-app flex h-16 items-center gap-2 sm:gap-3">
					<Link to="/" className="shrink-0 rounded-lg" aria-label={`${company.name} home`}>
						<Logo className="[&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
					</Link>
					<span aria-hidden className="hidden h-6 w-px bg-slate-200 sm:block" />
					<Link to="/playground" className="font-display min-w-0 truncate text-base font-bold text-slate-900">
						AI Playground
					</Link>
					<div className="ml-auto flex shrink-0 items-center gap-2">
						<WaitingBadge
							initial={loaderData.waiting}
							className={cn(HEADER_BUTTON, 'bg-amber-50 text-amber-900 ring-amber-300 hover:bg-amber-100')}
						/>
						<Link to="/" className={cn(HEADER_BUTTON, 'hidden ring-0 md:inline-flex')}>
							<ArrowLeft className="size-4" aria-hidden />
							Back to site
						</Link>
						<NavLink
							to="/playground/account"
							title={loaderData.displayName}
							className={({ isActive }) => cn(HEADER_BUTTON, isActive && 'bg-brand-50 text-brand-800 ring-brand-200')}
						>
							<UserRound className="size-4" aria-hidden />
							{/* Named "Account" for everyone; wide screens also show whose. */}
							<span className="sr-only">Account: </span>
							<span className="hidden max-w-40 truncate lg:inline">{loaderData.displayName}</span>
						</NavLink>
						<Form method="post" action="/auth/sign-out">
							<button type="submit" className={HEADER_BUTTON} aria-label="Sign Out">
								<LogOut className="size-4" aria-hidden />
								<span className="hidden sm:inline">Sign Out</span>
							</button>
						</Form>
					</div>
				</div>
			</header>

			{home ? (
				<main id="main" className="container-app flex-1 pt-6 pb-16 sm:pt-8">
					<div className="min-w-0">
						<h1 className="font-display text-2xl font-extrabold tracking-tight text-slate-950 sm:text-3xl">
							AI Playground
						</h1>
						<p className="mt-1 min-w-0 break-words text-slate-600">
							Welcome back, <span className="font-semibold text-slate-900">{loaderData.displayName}</span>
						</p>
					</div>

					<div className="mt-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
						<aside className="lg:sticky lg:top-24">
							<h2 className="font-display text-lg font-bold text-slate-950">Create Your AI Assistant</h2>
							<p className="mt-0.5 text-sm text-slate-600">Build your AI assistants in minutes.</p>
							<SectionNav sections={sections} pathname={pathname} />
						</aside>

						<div className="mt-6 min-w-0 lg:mt-0">
							<Outlet />
						</div>
					</div>
				</main>
			) : (
				<main id="main" className="container-app flex-1 pt-5 pb-16 sm:pt-6">
					{/* The page's own heading (a chatbot's name, Account, Models) comes next, a level below. */}
					<h1 className="sr-only">AI Playground</h1>
					{back ? (
						<Link
							to={back.to}
							className="mb-3 inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900"
						>
							<ArrowLeft className="size-4" aria-hidden />
							{back.label}
						</Link>
					) : null}
					<Outlet />
				</main>
			)}
		</>
	)
}

/** The spec's tabs: three columns for the administrator, two otherwise; a column on wide screens. */
function SectionNav({ sections, pathname }: { sections: Section[]; pathname: string }) {
	return (
		<nav aria-label="Playground" className="mt-4">
			<ul
				data-columns={sections.length}
				className={cn(
					'grid gap-1 rounded-2xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200 lg:grid-cols-1',
					sections.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
				)}
			>
				{sections.map((section) => {
					const current = section.matches(pathname)
					return (
						<li key={section.to} className="min-w-0">
							<Link
								to={section.to}
								preventScrollReset
								aria-current={current ? 'page' : undefined}
								className={cn(
									'flex h-full min-w-0 flex-col items-center justify-center gap-1 rounded-xl px-1.5 py-2 text-center text-xs leading-tight font-semibold transition-colors sm:flex-row sm:gap-2 sm:px-3 sm:py-2.5 sm:text-sm lg:justify-start lg:text-left',
									current ? 'bg-brand-600 text-white shadow' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
								)}
							>
								<section.icon className="size-4 shrink-0" aria-hidden />
								<span>
									{section.short}
									{section.label.startsWith(`${section.short} `) ? (
										<span className="sr-only sm:not-sr-only">{section.label.slice(section.short.length)}</span>
									) : null}
								</span>
							</Link>
						</li>
					)
				})}
			</ul>
		</nav>
	)
}
