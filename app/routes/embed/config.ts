import crypto from 'node:crypto'
import { originAllowed, textColorOn } from '~/features/chatbots/widget/widget-settings.ts'
// GET /embed/:chatbotId/config: what embed.js needs to draw the launcher (colour, position, label),
// fetched by the host page's script. A switched-off, deleted or unknown chatbot, or a site that is
// not allowed, gets a 404 or 403 and the loader draws nothing.
import { getActiveWidget, noteRefusedOrigin } from '~/features/chatbots/widget/widget.server.ts'
import type { Route } from './+types/config'

export async function loader({ request, params }: Route.LoaderArgs) {
	const chatbot = await getActiveWidget(params.chatbotId)
	const origin = request.headers.get('origin')
	const headers = {
		// Cross-Origin-Resource-Policy: cross-origin is set for this path in server/app.ts. Revalidated on
		// every page load (a 304 while nothing changed), so switching a chatbot off takes effect at once.
		'Cache-Control': 'no-cache',
		Vary: 'Origin',
	}
	if (!chatbot)
		return Response.json(
			{ active: false },
			{ status: 404, headers: { ...headers, 'Access-Control-Allow-Origin': '*' } },
		)
	const { allowedSites, appearance } = chatbot
	if (allowedSites.length > 0 && !(origin && originAllowed(origin, allowedSites))) {
		// The owner's settings say where the snippet was seen but refused.
		await noteRefusedOrigin(chatbot.id, origin)
		// No Access-Control-Allow-Origin: the other site's script cannot read it, and draws no launcher.
		return Response.json({ active: false }, { status: 403, headers })
	}
	const body = JSON.stringify({
		active: true,
		color: appearance.brandColor,
		textColor: textColorOn(appearance.brandColor),
		position: appearance.launcherPosition,
		label: appearance.launcherLabel,
		title: appearance.title || chatbot.name,
	})
	const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
	const allowed = { ...headers, ETag: etag, 'Access-Control-Allow-Origin': allowedSites.length > 0 ? origin! : '*' }
	if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: allowed })
	return new Response(body, { headers: { ...allowed, 'Content-Type': 'application/json' } })
}

/** Only GET (and the CORS preflight, answered in server/app.ts). */
export function action() {
	return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET' } })
}
