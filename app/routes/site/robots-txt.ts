import { getSiteOrigin } from '~/lib/origin.server.ts'
import type { Route } from './+types/robots-txt'

export async function loader({ request }: Route.LoaderArgs) {
	const origin = getSiteOrigin(request)
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /playground',
		'Disallow: /auth',
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
