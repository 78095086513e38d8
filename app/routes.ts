import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	index('routes/home.tsx'),
	route('career', 'routes/career.tsx'),
	route('services/:slug', 'routes/service.tsx'),
	route('healthz', 'routes/healthz.ts'),
	route('robots.txt', 'routes/robots-txt.ts'),
	route('sitemap.xml', 'routes/sitemap-xml.ts'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
