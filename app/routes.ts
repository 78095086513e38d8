import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
	index('routes/home.tsx'),
	route('career', 'routes/career.tsx'),
	route('services/:slug', 'routes/service.tsx'),
	route('auth', 'routes/auth.tsx'),
	route('auth/verify', 'routes/auth-verify.tsx'),
	route('auth/sign-out', 'routes/auth-sign-out.tsx'),
	route('playground/dashboard/events', 'routes/dashboard-events.ts'),
	route('playground', 'routes/playground.tsx', [
		index('routes/playground-chatbots.tsx'),
		route('chatbots/:chatbotId/preview', 'routes/playground-chatbot-preview.tsx'),
		route('voicebots', 'routes/playground-voicebots.tsx'),
		route('dashboard', 'routes/playground-dashboard.tsx'),
	]),
	route('healthz', 'routes/healthz.ts'),
	route('api/chat', 'routes/api-chat.ts'),
	route('api/chatbots/:chatbotId/chat', 'routes/api-chatbot-chat.ts'),
	route('api/embed/:chatbotId/chat', 'routes/api-embed-chat.ts'),
	route('api/scrape', 'routes/api-scrape.ts'),
	route('embed/:chatbotId', 'routes/embed-chatbot.tsx'),
	route('chat', 'routes/chat.tsx'),
	route('robots.txt', 'routes/robots-txt.ts'),
	route('sitemap.xml', 'routes/sitemap-xml.ts'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
