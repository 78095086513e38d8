// The first stop for keyboard users on every page: straight to the content (#main).
export function SkipLink() {
	return (
		<a
			href="#main"
			className="text-brand-700 sr-only z-[60] rounded-md bg-white px-4 py-2 font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
		>
			Skip to content
		</a>
	)
}
