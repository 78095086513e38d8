// The only script of the public pages (docs/decisions/0021-islands-on-public-pages.md). The server
// sends finished HTML that works without JavaScript; this wakes the interactive parts, each a React
// root of its own, as its `data-hydrate` says: when the browser is idle after loading, when the part
// scrolls into view, when the page is first scrolled, or only when the visitor reaches for it. Any
// island wakes at once when reached for (hover, touch, focus). React itself comes with the first.
import type { ComponentType } from 'react'
import { islandLoaders, type IslandName } from './islands.ts'
import type { HydrateOn } from './lib/islands/island.tsx'
import { WAKE_ISLAND_EVENT } from './lib/islands/wake.ts'

type IslandBox = HTMLElement & { dataset: { island: IslandName; islandProps?: string; hydrate?: string } }

const started = new WeakSet<Element>()
/** A click before its island was alive, made again once it is. */
const missedClicks = new WeakMap<Element, { replay: () => void; ifDead?: () => void }>()

let runtime: Promise<[typeof import('react'), typeof import('react-dom/client')]> | undefined
const loadRuntime = () => (runtime ??= Promise.all([import('react'), import('react-dom/client')]))

async function hydrate(box: IslandBox) {
	if (started.has(box)) return
	started.add(box)
	const name = box.dataset.island
	const loader = islandLoaders[name]
	if (!loader) return console.error(`Unknown island "${name}"`)
	try {
		const [[{ createElement, startTransition, useEffect }, { hydrateRoot }], component] = await Promise.all([
			loadRuntime(),
			loader(),
		])
		const props = JSON.parse(box.dataset.islandProps ?? '{}') as Record<string, unknown>
		// From here React itself replays a click on a part it has not hydrated yet.
		box.dataset.rooted = 'true'
		// Renders nothing of its own, so the markup matches the server's; its effect runs once the
		// island is live, when a click it missed can be replayed.
		function Live({ children }: { children: React.ReactNode }) {
			useEffect(() => {
				box.dataset.live = 'true'
				const replay = missedClicks.get(box)?.replay
				missedClicks.delete(box)
				// In a task of its own, after the re-render that follows hydration (a part that differs
				// once live, such as the chat launcher: a link before, a button after).
				if (replay) afterThisTask(replay)
			}, [])
			return children
		}
		const island = createElement(Live, null, createElement(component as ComponentType<Record<string, unknown>>, props))
		// In a transition React hydrates in slices of a few milliseconds, yielding to the browser in
		// between, instead of in one long task that would hold up a tap (total blocking time).
		startTransition(() => {
			hydrateRoot(box, island, {
				onRecoverableError: (error) => console.error(`Island "${name}" did not match the server's HTML`, error),
			})
		})
	} catch (error) {
		started.delete(box) // the next hover or idle moment tries again
		delete box.dataset.rooted
		missedClicks.get(box)?.ifDead?.()
		missedClicks.delete(box)
		console.error(`Could not start the "${name}" island`, error)
	}
}

function afterThisTask(run: () => void) {
	const channel = new MessageChannel()
	channel.port1.onmessage = () => run()
	channel.port2.postMessage(null)
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
// A click that lands before its island has a React root (from then on React replays clicks itself):
// - on a button, which does nothing without JavaScript, it is made again once the island is live;
// - on a link marked `data-wait-for-island`, which does something better once live (the chat
//   launcher: the chat page before, the chat dialog after), the link waits, and the click is made on
//   the element carrying the same mark once live; if the island cannot start, the link is followed.
// Other links and a form's submit work without JavaScript and go ahead.
document.addEventListener(
	'click',
	(event) => {
		const box = boxOf(event.target)
		if (!box || box.dataset.rooted) return
		const target = event.target as Element
		const waiting = target.closest<HTMLAnchorElement>('a[data-wait-for-island]')
		if (waiting) {
			event.preventDefault()
			const mark = waiting.dataset.waitForIsland
			const follow = () => window.location.assign(waiting.href)
			missedClicks.set(box, {
				replay: () => {
					const live = box.querySelector<HTMLElement>(`[data-wait-for-island="${mark}"]`)
					if (live && live !== waiting) live.click()
					else follow()
				},
				ifDead: follow,
			})
		} else {
			const button = target.closest<HTMLElement>('button[type="button"], [role="button"]')
			if (!button) return
			missedClicks.set(box, { replay: () => button.isConnected && button.click() })
		}
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

// The first scroll of the page (the header turns opaque).
function whenScrolled(run: () => void) {
	if (window.scrollY > 0) return run()
	window.addEventListener('scroll', run, { once: true, passive: true })
}

for (const box of boxes()) {
	const when = box.dataset.hydrate as HydrateOn | undefined
	if (when === 'visible') visible.observe(box.firstElementChild ?? box)
	else if (when === 'scroll') whenScrolled(() => void hydrate(box))
	else if (when === 'idle') whenIdle(() => void hydrate(box))
	// 'intent': only when reached for, asked for (wakeIsland) or clicked.
}
