// The only script of the public pages (docs/decisions/0021-islands-on-public-pages.md). The server
// sends finished HTML that works without JavaScript; this wakes the interactive parts, each a React
// root of its own: when the browser is idle after loading, when the part scrolls into view, or at
// once when the visitor reaches for it (hover, touch, focus). React itself comes with the first.
import type { ComponentType } from 'react'
import { islandLoaders, type IslandName } from './islands.ts'
import { WAKE_ISLAND_EVENT } from './lib/islands/wake.ts'

type IslandBox = HTMLElement & { dataset: { island: IslandName; islandProps?: string; hydrate?: string } }

const started = new WeakSet<Element>()
/** A click on a button before its island was alive, pressed again once it is. */
const missedClicks = new WeakMap<Element, HTMLElement>()

let runtime: Promise<[typeof import('react'), typeof import('react-dom/client')]> | undefined
const loadRuntime = () => (runtime ??= Promise.all([import('react'), import('react-dom/client')]))

async function hydrate(box: IslandBox) {
	if (started.has(box)) return
	started.add(box)
	const name = box.dataset.island
	const loader = islandLoaders[name]
	if (!loader) return console.error(`Unknown island "${name}"`)
	try {
		const [[{ createElement, useEffect }, { hydrateRoot }], component] = await Promise.all([loadRuntime(), loader()])
		const props = JSON.parse(box.dataset.islandProps ?? '{}') as Record<string, unknown>
		// From here React itself replays a click on a part it has not hydrated yet.
		box.dataset.rooted = 'true'
		// Renders nothing of its own, so the markup matches the server's; its effect runs once the
		// island is live, when a click it missed can be replayed.
		function Live({ children }: { children: React.ReactNode }) {
			useEffect(() => {
				box.dataset.live = 'true'
				const missed = missedClicks.get(box)
				missedClicks.delete(box)
				if (missed?.isConnected) missed.click()
			}, [])
			return children
		}
		hydrateRoot(
			box,
			createElement(Live, null, createElement(component as ComponentType<Record<string, unknown>>, props)),
			{
				onRecoverableError: (error) => console.error(`Island "${name}" did not match the server's HTML`, error),
			},
		)
	} catch (error) {
		started.delete(box) // the next hover or idle moment tries again
		console.error(`Could not start the "${name}" island`, error)
	}
}

const boxes = () => [...document.querySelectorAll<IslandBox>('[data-island]')]
const boxOf = (target: EventTarget | null) =>
	target instanceof Element ? target.closest<IslandBox>('[data-island]') : null

// Reaching for a part wakes it at once.
for (const type of ['pointerover', 'touchstart', 'focusin'] as const) {
	document.addEventListener(
		type,
		(event) => {
			const box = boxOf(event.target)
			if (box) void hydrate(box)
		},
		{ capture: true, passive: true },
	)
}
// A button (not a link or a form's submit, which work without JavaScript) clicked before its island
// had a React root is pressed again once it is live.
document.addEventListener(
	'click',
	(event) => {
		const box = boxOf(event.target)
		if (!box || box.dataset.rooted) return
		const button = (event.target as Element).closest<HTMLElement>('button[type="button"], [role="button"]')
		if (!button) return
		missedClicks.set(box, button)
		void hydrate(box)
	},
	{ capture: true },
)
document.addEventListener(WAKE_ISLAND_EVENT, (event) => {
	const name = (event as CustomEvent<string>).detail
	for (const box of boxes()) if (box.dataset.island === name) void hydrate(box)
})

// A box is `display: contents` and has no layout box of its own to intersect: watch its first element.
const visible = new IntersectionObserver(
	(entries) => {
		for (const entry of entries) {
			if (!entry.isIntersecting) continue
			visible.unobserve(entry.target)
			const box = boxOf(entry.target)
			if (box) void hydrate(box)
		}
	},
	{ rootMargin: '200px' },
)

// Idle islands wait for the page to finish loading, so the first paint's images and fonts have the
// network to themselves.
function whenIdle(run: () => void) {
	// Safari has no requestIdleCallback.
	const idle = () =>
		typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200)
	if (document.readyState === 'complete') idle()
	else window.addEventListener('load', idle, { once: true })
}

for (const box of boxes()) {
	if (box.dataset.hydrate === 'visible') visible.observe(box.firstElementChild ?? box)
	else whenIdle(() => void hydrate(box))
}
