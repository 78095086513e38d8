import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

// Route modules live in folders shaped like their URLs; each is the HTTP edge only.
export default [
	// The public pages, the sign-in pages and the 404 page share the site's header, footer and chat.
	layout('routes/site/layout.tsx', [
		index('routes/site/home.tsx'),
		route('career', 'routes/site/career.tsx'),
		route('services/:slug', 'routes/site/service.tsx'),
		route('chat', 'routes/site/chat.tsx'),
		route('about', 'routes/site/about.tsx'),
		route('blog', 'routes/site/blog.tsx'),
		route('blog/:slug', 'routes/site/blog-article.tsx'),
		route('privacy', 'routes/site/privacy.tsx'),
		route('terms', 'routes/site/terms.tsx'),
		route('cookies', 'routes/site/cookies.tsx'),
		...prefix('auth', [
			index('routes/auth/auth.tsx'),
			route('verify', 'routes/auth/verify.tsx'),
			route('check-email', 'routes/auth/check-email.tsx'),
			route('forgot-password', 'routes/auth/forgot-password.tsx'),
			route('reset-password', 'routes/auth/reset-password.tsx'),
			route('sign-out', 'routes/auth/sign-out.tsx'),
		]),
		route('*', 'routes/site/not-found.tsx'),
	]),
	route('robots.txt', 'routes/site/robots-txt.ts'),
	route('sitemap.xml', 'routes/site/sitemap-xml.ts'),
	route('healthz', 'routes/healthz.ts'),

	route('playground/dashboard/events', 'routes/playground/dashboard/events.ts'),
	route('playground/handoff/events', 'routes/playground/handoff-events.ts'),
	route('playground/dashboard/transcript/:conversationId', 'routes/playground/dashboard/transcript.ts'),
	route('playground/chatbots/:chatbotId/conversations/events', 'routes/playground/chatbots/activity/events.ts'),
	route(
		'playground/chatbots/:chatbotId/conversations/:conversationId/events',
		'routes/playground/chatbots/activity/conversation-events.ts',
	),
	route('playground/chatbots/:chatbotId/leads.csv', 'routes/playground/chatbots/activity/leads-csv.ts'),
	route('playground/chatbots/:chatbotId/tests.csv', 'routes/playground/chatbots/chatbot/tests-csv.ts'),
	route('playground/voicebots/:agentId/tests.csv', 'routes/playground/voicebots/agent/tests-csv.ts'),
	route('playground', 'routes/playground/layout.tsx', [
		index('routes/playground/chatbots/builder.tsx'),
		// A chatbot's page is sections, each its own URL (ADR 0051); the header, the tabs and the live
		// preview beside them are the layout's, so the preview keeps its conversation between tabs.
		route('chatbots/:chatbotId', 'routes/playground/chatbots/chatbot/layout.tsx', [
			index('routes/playground/chatbots/chatbot/overview.tsx'),
			route('knowledge', 'routes/playground/chatbots/chatbot/knowledge.tsx'),
			route('widget', 'routes/playground/chatbots/chatbot/widget.tsx'),
			route('settings', 'routes/playground/chatbots/chatbot/settings.tsx'),
			// Its test set and runs (ADR 0057).
			route('tests', 'routes/playground/chatbots/chatbot/tests.tsx'),
			route('tests/suggestions', 'routes/playground/chatbots/chatbot/test-suggestions.tsx'),
			route('preview', 'routes/playground/chatbots/preview.tsx'),
			route('knowledge/sources/:sourceId', 'routes/playground/chatbots/source-pages.tsx'),
			layout('routes/playground/chatbots/activity/layout.tsx', [
				route('conversations', 'routes/playground/chatbots/activity/conversations.tsx'),
				route('conversations/:conversationId', 'routes/playground/chatbots/activity/conversation.tsx'),
				route('unanswered', 'routes/playground/chatbots/activity/unanswered.tsx'),
				route('leads', 'routes/playground/chatbots/activity/leads.tsx'),
				route('insights', 'routes/playground/chatbots/activity/insights.tsx'),
			]),
		]),
		route('voicebots', 'routes/playground/voicebots/builder.tsx'),
		route('voicebots/:agentId', 'routes/playground/voicebots/agent/layout.tsx', [
			index('routes/playground/voicebots/agent/assistant.tsx'),
			route('knowledge', 'routes/playground/voicebots/agent/knowledge.tsx'),
			route('knowledge/sources/:sourceId', 'routes/playground/voicebots/agent/source-pages.tsx'),
			route('api', 'routes/playground/voicebots/agent/api.tsx'),
			route('calls', 'routes/playground/voicebots/agent/calls.tsx'),
			route('settings', 'routes/playground/voicebots/agent/settings.tsx'),
			route('test', 'routes/playground/voicebots/agent/test.tsx'),
			// Its test set over typed turns and its runs (ADR 0062).
			route('tests', 'routes/playground/voicebots/agent/tests.tsx'),
			route('tests/suggestions', 'routes/playground/voicebots/agent/test-suggestions.tsx'),
		]),
		route('dashboard', 'routes/playground/dashboard/dashboard.tsx'),
		route('models', 'routes/playground/models.tsx'),
		route('account', 'routes/playground/account.tsx'),
	]),

	...prefix('api', [
		route('chat', 'routes/api/chat.ts'),
		route('chat/voice', 'routes/api/chat-voice.ts'),
		route('chat/speech', 'routes/api/chat-speech.ts'),
		route('chatbots/:chatbotId/chat', 'routes/api/chatbot-chat.ts'),
		route('embed/:chatbotId/chat', 'routes/api/embed-chat.ts'),
		route('embed/:chatbotId/feedback', 'routes/api/embed-feedback.ts'),
		route('embed/:chatbotId/lead', 'routes/api/embed-lead.ts'),
		route('embed/:chatbotId/handoff', 'routes/api/embed-handoff.ts'),
		route('embed/:chatbotId/handoff/events', 'routes/api/embed-handoff-events.ts'),
		route('scrape', 'routes/api/scrape.ts'),
		route('voice-chat/start', 'routes/api/voice-chat/start.ts'),
		route('voice-chat/message', 'routes/api/voice-chat/message.ts'),
		route('voice-chat/end', 'routes/api/voice-chat/end.ts'),
		route('voice-chat/timings', 'routes/api/voice-chat/timings.ts'),
		route('voice-chat/speech', 'routes/api/voice-chat/speech.ts'),
	]),

	route('embed/:chatbotId', 'routes/embed/chatbot.tsx'),
	route('embed/:chatbotId/config', 'routes/embed/config.ts'),
	route('embed/:chatbotId/avatar', 'routes/embed/avatar.ts'),
] satisfies RouteConfig
