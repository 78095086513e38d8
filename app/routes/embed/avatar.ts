// GET /embed/:chatbotId/avatar: the widget's picture, a PNG the sandbox made from the owner's upload.
// The page asks for it with ?v=<version>, so a new picture is a new address and each one can be
// cached for good.
import { getWidgetAvatar } from '~/features/chatbots/widget/widget.server.ts'
import type { Route } from './+types/avatar'

export async function loader({ params }: Route.LoaderArgs) {
	const avatar = await getWidgetAvatar(params.chatbotId)
	if (!avatar) return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
	return new Response(Buffer.from(avatar), {
		headers: {
			'Content-Type': 'image/png',
			'Cache-Control': 'public, max-age=31536000, immutable',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
