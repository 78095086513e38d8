import { originAllowed, textColorOn } from '~/features/chatbots/widget/widget-settings.ts'
// GET /embed/:chatbotId/config: what embed.js needs to draw the launcher (colour, position, label),
// fetched by the host page's script. A switched-off, deleted or unknown chatbot, or a site that is
// not allowed, gets a 404 or 403 and the loader draws nothing. Cached for a minute per site.
import { getActiveWidget } from '~/features/chatbots/widget/widget.server.ts'
import type { Route } from './+types/config'

export async function loader({ request, params }: Route.LoaderArgs) {
	const chatbot = await getActiveWidget(params.chatbotId)
	const origin = request.headers.get('origin')
	const headers = {
		// Cross-Origin-Resource-Policy: cross-origin is set for this path in server/app.ts.
		'Cache-Control': 'public, max-age=60',
		Vary: 'Origin',
	}
	if (!chatbot)
		return Response.json(
			{ active: false },
			{ status: 404, headers: { ...headers, 'Access-Control-Allow-Origin': '*' } },
		)
	const { allowedSites, appearance } = chatbot
	if (allowedSites.length > 0 && !(origin && originAllowed(origin, allowedSites)))
		// No Access-Control-Allow-Origin: the other site's script cannot read it, and draws no launcher.
		return Response.json({ active: false }, { status: 403, headers })
	return Response.json(
		{
			active: true,
			color: appearance.brandColor,
			textColor: textColorOn(appearance.brandColor),
			position: appearance.launcherPosition,
			label: appearance.launcherLabel,
			title: appearance.title || chatbot.name,
		},
		{ headers: { ...headers, 'Access-Control-Allow-Origin': allowedSites.length > 0 ? origin! : '*' } },
	)
}
