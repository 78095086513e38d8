// Navigation bar entries (spec section 2, "Layout and navigation bar").
export type NavEntry =
	| { label: string; kind: 'scroll-top'; href: '/' }
	| { label: string; kind: 'scroll-to'; href: string; targetId: string }
	| { label: string; kind: 'page'; href: string }

export const navEntries: NavEntry[] = [
	{ label: 'Home', kind: 'scroll-top', href: '/' },
	{ label: 'Services', kind: 'scroll-to', href: '/#services', targetId: 'services' },
	{ label: 'Career', kind: 'page', href: '/career' },
	{ label: 'Playground', kind: 'page', href: '/auth' },
	{ label: 'Contact', kind: 'scroll-to', href: '#contact', targetId: 'contact' },
]

export const consultationLabel = 'Free Consultation'
