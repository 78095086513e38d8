import type { ComponentType } from 'react'

/**
 * The islands the app has, by name. app/islands.ts adds them here (`names`, by declaration merging),
 * so `<Island name=…>` takes only a name the islands loader knows, without lib importing the app.
 * @public (only that augmentation refers to it)
 */
export interface IslandRegistry {}
type IslandName = IslandRegistry extends { names: infer Name extends string } ? Name : string

/**
 * When an island's code is fetched and it comes alive (app/islands.client.ts): when the browser is
 * idle after loading (what the first view shows moving), when it nears the screen, on the page's
 * first scroll, or only on intent. Any hover, touch or focus on an island wakes it at once.
 */
export type HydrateOn = 'idle' | 'visible' | 'scroll' | 'intent'

/**
 * A part of a public page that needs the browser (docs/decisions/0021-islands-on-public-pages.md).
 * The server renders the component inside a box that names it and carries its props; on the
 * public pages `app/islands.client.ts` hydrates each box as a React root of its own, so only the
 * interactive parts load JavaScript. Elsewhere React Router hydrates the box with the rest of the
 * page. Props travel as JSON: plain data only. The box is `display: contents`, so layout is the
 * component's own.
 */
export function Island<Props extends object>({
	name,
	component: Component,
	props,
	hydrate = 'idle',
}: {
	name: IslandName
	component: ComponentType<Props>
	props: Props
	hydrate?: HydrateOn
}) {
	return (
		<div data-island={name} data-island-props={JSON.stringify(props)} data-hydrate={hydrate} className="contents">
			<Component {...props} />
		</div>
	)
}
