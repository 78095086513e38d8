// Every island a public page may hold (docs/decisions/0021-islands-on-public-pages.md): its name in
// the page's HTML, and how the browser fetches its component. `<Island name=…>` renders it on the
// server; `islands.client.ts` hydrates it.
export const islandLoaders = {
	'site-header': () => import('~/components/site-header.tsx').then((m) => m.SiteHeader),
	'chat-widget': () => import('~/features/assistant/ui/chat-widget.tsx').then((m) => m.ChatWidget),
	'sign-in-form': () => import('~/features/accounts/ui/auth-forms.tsx').then((m) => m.SignInForm),
	'sign-up-form': () => import('~/features/accounts/ui/auth-forms.tsx').then((m) => m.SignUpForm),
	'not-found-log': () => import('~/components/not-found-log.tsx').then((m) => m.NotFoundLog),
	toasts: () => import('~/components/toast-message.tsx').then((m) => m.PageToasts),
	hero: () => import('~/components/marketing/hero.tsx').then((m) => m.Hero),
	'agents-section': () => import('~/components/marketing/agents-section.tsx').then((m) => m.AgentsSection),
	'workshop-countdown': () => import('~/components/marketing/workshop-countdown.tsx').then((m) => m.WorkshopCountdown),
}

export type IslandName = keyof typeof islandLoaders

// Tells `<Island>` (lib/islands/island.tsx) which names exist.
declare module '~/lib/islands/island.tsx' {
	interface IslandRegistry {
		names: IslandName
	}
}
