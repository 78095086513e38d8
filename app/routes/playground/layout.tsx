import { AudioLines, Bot, LayoutDashboard, LogOut, UserRound } from 'lucide-react'
import { data, Form, NavLink, Outlet } from 'react-router'
import { company } from '~/content/company.ts'
import { requireUser } from '~/features/accounts/auth.server.ts'
import { privateHeaders, privateRouteHeaders } from '~/lib/http.server.ts'
import { cn } from '~/lib/misc.ts'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
	const { user, setCookie } = await requireUser(request)
	return data(
		{ displayName: user.fullName || user.email, isAdmin: user.isAdmin },
		{ headers: privateHeaders(setCookie) },
	)
}

export const headers = privateRouteHeaders

export const meta: Route.MetaFunction = () => [
	{ title: `AI Playground | ${company.name}` },
	{ name: 'robots', content: 'noindex' },
]

const HEADER_BUTTON =
	'inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50'

export default function PlaygroundRoute({ loaderData }: Route.ComponentProps) {
	const tabs = [
		{ to: '/playground', label: 'Chatbot Builder', icon: Bot, end: true },
		{ to: '/playground/voicebots', label: 'Voicebot Builder', icon: AudioLines, end: false },
		...(loaderData.isAdmin
			? [{ to: '/playground/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: false }]
			: []),
	]
	return (
		<div className="bg-slate-50 pt-24 pb-20 sm:pt-28">
			<div className="container-page">
				<header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
					<div>
						<h1 className="font-display text-3xl font-extrabold tracking-tight text-slate-950">AI Playground</h1>
						<p className="mt-1 text-slate-600">
							Welcome back, <span className="font-semibold text-slate-900">{loaderData.displayName}</span>
						</p>
					</div>
					<div className="flex flex-wrap items-center gap-2">
						<NavLink
							to="/playground/account"
							className={({ isActive }) =>
								cn(HEADER_BUTTON, isActive && 'ring-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-50')
							}
						>
							<UserRound className="size-4" aria-hidden />
							Account
						</NavLink>
						<Form method="post" action="/auth/sign-out">
							<button type="submit" className={HEADER_BUTTON}>
								<LogOut className="size-4" aria-hidden />
								Sign Out
							</button>
						</Form>
					</div>
				</header>

				<div className="mt-8 text-center">
					<h2 className="font-display text-2xl font-bold text-slate-950">Create Your AI Assistant</h2>
					<p className="mt-1 text-slate-600">Build your AI assistants in minutes.</p>
				</div>

				<nav aria-label="Playground" className="mt-6">
					<ul
						data-columns={tabs.length}
						className={cn(
							'grid gap-1 rounded-2xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200',
							tabs.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
						)}
					>
						{tabs.map((tab) => (
							<li key={tab.to}>
								<NavLink
									to={tab.to}
									end={tab.end}
									preventScrollReset
									className={({ isActive }) =>
										cn(
											'flex h-full flex-col items-center justify-center gap-1 rounded-xl px-2 py-2 text-center text-xs font-semibold transition-colors sm:flex-row sm:gap-2 sm:px-3 sm:py-2.5 sm:text-sm',
											isActive
												? 'bg-brand-600 text-white shadow'
												: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
										)
									}
								>
									<tab.icon className="size-4 shrink-0" aria-hidden />
									{tab.label}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>

				<div className="mt-6">
					<Outlet />
				</div>
			</div>
		</div>
	)
}
