// Smooth scrolling that honours the visitor's reduced-motion preference.
function scrollBehavior(): ScrollBehavior {
	return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}

export function scrollToTop() {
	window.scrollTo({ top: 0, behavior: scrollBehavior() })
}

/** Scrolls to the element with `id`; false when it is not on this page. */
export function scrollToId(id: string) {
	const element = document.getElementById(id)
	if (!element) return false
	element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' })
	return true
}
