import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ScheduleCallLink } from '~/components/schedule-call-link.tsx'
import { consultationLabel, navEntries, type NavEntry } from '~/content/navigation.ts'
import { cn } from '~/lib/misc.ts'
import { scrollToId, scrollToTop } from '~/lib/scroll.ts'
import { Logo } from './logo.tsx'

/** Spec: the bar is transparent at 10 px of scroll or less, opaque with a shadow above. */
const SCROLL_OPAQUE_THRESHOLD = 10

function useScrolledPast(threshold: number) {
	const [scrolled, setScrolled] = useState(false)
	useEffect(() => {
		const update = () => setScrolled(window.scrollY > threshold)
		update()
		window.addEventListener('scroll', update, { passive: true })
		return () => window.removeEventListener('scroll', update)
	}, [threshold])
	return scrolled
}

/** Where the entries stand: in the bar (wide screens) or in the menu (narrow ones), each styled for it. */
const NAV_PLACES = {
	bar: {
		list: 'hidden items-center gap-1 lg:flex',
		link: 'aria-[current=page]:text-brand-700 rounded-full px-3.5 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-900/5 hover:text-slate-900',
	},
	menu: {
		list: 'flex flex-col',
		link: 'block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-50',
	},
}

/** The same entries in the bar and in the menu. */
function NavLinks({
	place,
	pathname,
	onChoose,
}: {
	place: keyof typeof NAV_PLACES
	pathname: string
	onChoose: (event: React.MouseEvent<HTMLAnchorElement>, entry: NavEntry) => void
}) {
	const { list, link } = NAV_PLACES[place]
	return (
		<ul className={list}>
			{navEntries.map((entry) => (
				<li key={entry.label}>
					<a
						href={entry.href}
						onClick={(e) => onChoose(e, entry)}
						aria-current={entry.kind === 'page' && pathname === entry.href ? 'page' : undefined}
						className={link}
					>
						{entry.label}
					</a>
				</li>
			))}
		</ul>
	)
}

/** "Free Consultation": the external scheduling page, in a new tab. */
function ConsultationLink(props: Omit<React.ComponentProps<typeof ScheduleCallLink>, 'children'>) {
	return <ScheduleCallLink {...props}>{consultationLabel}</ScheduleCallLink>
}

/** An island on the public pages (docs/decisions/0021-islands-on-public-pages.md): the path is a prop. */
export function SiteHeader({ pathname }: { pathname: string }) {
	const scrolled = useScrolledPast(SCROLL_OPAQUE_THRESHOLD)
	const [menuOpen, setMenuOpen] = useState(false)
	// The header is an island that may wake after the menu was opened without it: start from the page.
	const menu = useRef<HTMLDetailsElement>(null)
	useEffect(() => setMenuOpen(menu.current?.open ?? false), [])

	// Home and Services scroll in place on the home page; elsewhere the links navigate there.
	function handleEntry(event: React.MouseEvent<HTMLAnchorElement>, entry: NavEntry) {
		setMenuOpen(false)
		if (entry.kind === 'scroll-top' && pathname === '/') {
			event.preventDefault()
			scrollToTop()
		} else if (entry.kind === 'scroll-to' && scrollToId(entry.targetId)) {
			event.preventDefault()
		}
	}

	return (
		<header
			data-scrolled={scrolled ? 'true' : 'false'}
			className={cn(
				'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,backdrop-filter] duration-300',
				scrolled ? 'bg-white/95 shadow-md shadow-slate-900/5 backdrop-blur-md' : 'bg-transparent',
			)}
		>
			{/* Five entries, the logo and the consultation button need about 960 px on one line: below
			    the lg breakpoint the menu button takes over (at 768 px the name wrapped and the button
			    ran off the edge). */}
			<nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4 lg:h-18">
				<a href="/" className="shrink-0 rounded-lg" onClick={(e) => handleEntry(e, navEntries[0])}>
					<Logo />
					<span className="sr-only"> home</span>
				</a>

				<NavLinks place="bar" pathname={pathname} onChoose={handleEntry} />
				<ConsultationLink size="sm" className="hidden shrink-0 lg:inline-flex" />

				{/* <details> opens and closes without JavaScript; with it, choosing an entry closes it. */}
				<details
					ref={menu}
					className="group lg:hidden"
					open={menuOpen}
					onToggle={(e) => setMenuOpen(e.currentTarget.open)}
				>
					<summary
						className="grid size-11 cursor-pointer list-none place-items-center rounded-full text-slate-800 hover:bg-slate-900/5 [&::-webkit-details-marker]:hidden"
						aria-label="Menu"
					>
						<Menu className="size-6 group-open:hidden" aria-hidden />
						<X className="hidden size-6 group-open:block" aria-hidden />
					</summary>
					<div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pt-2 pb-5 shadow-xl">
						<NavLinks place="menu" pathname={pathname} onChoose={handleEntry} />
						<ConsultationLink className="mt-3 w-full" onClick={() => setMenuOpen(false)} />
					</div>
				</details>
			</nav>
		</header>
	)
}
