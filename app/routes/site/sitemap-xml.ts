import { getSiteOrigin } from '~/lib/origin.server.ts'
import { publicPaths } from '~/lib/sitemap.ts'
import type { Route } from './+types/sitemap-xml'

export async function loader({ request }: Route.LoaderArgs) {
	const origin = getSiteOrigin(request)
	const urls = publicPaths()
		.map((path) => `  <url><loc>${new URL(path, origin).toString()}</loc></url>`)
		.join('\n')
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
	return new Response(body, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
