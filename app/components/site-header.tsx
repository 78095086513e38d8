import { ArrowUpRight, Menu, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ExternalButtonLink } from '~/components/ui/button.tsx'
import { company } from '~/content/company.ts'
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

/** The same entries in the bar (wide screens) and in the menu (narrow ones). */
function NavLinks({
	className,
	linkClassName,
	pathname,
	onChoose,
}: {
	className: string
	linkClassName: string
	pathname: string
	onChoose: (event: React.MouseEvent<HTMLAnchorElement>, entry: NavEntry) => void
}) {
	return (
		<ul className={className}>
			{navEntries.map((entry) => (
				<li key={entry.label}>
					<a
						href={entry.href}
						onClick={(e) => onChoose(e, entry)}
						aria-current={entry.kind === 'page' && pathname === entry.href ? 'page' : undefined}
						className={linkClassName}
					>
						{entry.label}
					</a>
				</li>
			))}
		</ul>
	)
}

/** "Free Consultation": the external scheduling page, in a new tab. */
function ConsultationLink(props: Omit<React.ComponentProps<typeof ExternalButtonLink>, 'href' | 'children'>) {
	return (
		<ExternalButtonLink href={company.externalLinks.scheduling} {...props}>
			{consultationLabel}
			<ArrowUpRight className="size-4" aria-hidden />
		</ExternalButtonLink>
	)
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

				<NavLinks
					pathname={pathname}
					onChoose={handleEntry}
					className="hidden items-center gap-1 lg:flex"
					linkClassName="aria-[current=page]:text-brand-700 rounded-full px-3.5 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-900/5 hover:text-slate-900"
				/>
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
						<NavLinks
							pathname={pathname}
							onChoose={handleEntry}
							className="flex flex-col"
							linkClassName="block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-50"
						/>
						<ConsultationLink className="mt-3 w-full" onClick={() => setMenuOpen(false)} />
					</div>
				</details>
			</nav>
		</header>
	)
}
