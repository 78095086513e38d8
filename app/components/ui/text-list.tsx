/** Short texts as a list, each after the same marker (a tick, say) when there is one. */
export function TextList({
	items,
	className,
	itemClassName,
	marker,
}: {
	items: readonly string[]
	className: string
	itemClassName: string
	marker?: React.ReactNode
}) {
	return (
		<ul className={className}>
			{items.map((item) => (
				<li key={item} className={itemClassName}>
					{marker}
					{item}
				</li>
			))}
		</ul>
	)
}
