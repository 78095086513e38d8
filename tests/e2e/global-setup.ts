// Servers the browser tests need beside the app: a small website and a 60-page one to import from
// (on the app's WEBSITE_IMPORT_ALLOW list), a page on another origin that only embeds a chatbot, and a fake
// Whisper (the app's TRANSCRIBE_BASE_URL); and the sound file Chromium's fake microphone plays.
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import { embedSnippet } from '../../app/features/chatbots/widget/embed-snippet.ts'
import { startCrawlSite } from '../support/crawl-site.ts'
import { startFakeOpenAi } from '../support/fake-openai-server.ts'
import { makeWav } from '../support/wav.ts'
import { startWebsiteServer } from '../support/website-server.ts'
import {
	E2E_CRAWL_SITE_PORT,
	E2E_EMBED_HOST_PORT,
	E2E_FAKE_AI_PORT,
	E2E_FAKE_MIC_WAV,
	E2E_PORT,
	E2E_WEBSITE_PORT,
} from './ports.ts'

export default async function globalSetup() {
	const website = await startWebsiteServer(E2E_WEBSITE_PORT)
	const crawlSite = await startCrawlSite(E2E_CRAWL_SITE_PORT, { sections: 3 })
	const fakeAi = await startFakeOpenAi({ port: E2E_FAKE_AI_PORT })
	writeFileSync(E2E_FAKE_MIC_WAV, makeWav(4, 44_100))
	const host = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://x')
		const id = url.searchParams.get('id') ?? ''
		response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
		// /framed: the chat framed by the page itself, in a frame that may not run scripts (forms and its
		// own origin allowed): a browser or host where JavaScript does not run.
		if (url.pathname === '/framed') {
			response.end(`<!doctype html><html lang="en"><head><title>Partner contact</title></head>
<body><main><h1>Contact us</h1>
<iframe title="Chat" src="http://localhost:${E2E_PORT}/embed/${id.replace(/[^0-9a-f-]/gi, '')}?page=/framed" sandbox="allow-forms allow-same-origin" width="400" height="600"></iframe>
</main></body></html>`)
			return
		}
		// /pasted: the whole snippet the Widget page shows (its <noscript> part included), as an owner pastes it.
		if (url.pathname === '/pasted') {
			const code = `<script src="http://localhost:${E2E_PORT}/embed.js" data-chatbot-id="${id.replace(/[^0-9a-f-]/gi, '')}" async></script>`
			response.end(`<!doctype html><html lang="en"><head><title>Partner page</title></head>
<body><main><h1>Contact</h1></main>
${embedSnippet(code)}
</body></html>`)
			return
		}
		// Hostile-ish host styles: they must not reach the launcher or the chat.
		response.end(`<!doctype html><html lang="en"><head><title>Partner site</title>
<style>button { background: red !important; width: 10px !important } iframe { display: none !important }</style></head>
<body><main><h1>A partner's page</h1><p>Only the embed snippet below comes from us.</p></main>
<script src="http://localhost:${E2E_PORT}/embed.js" data-chatbot-id="${id.replace(/[^0-9a-f-]/gi, '')}" async></script>
</body></html>`)
	})
	// Every loopback address: the page is also opened as localhost and shop.localhost (other sites).
	await new Promise<void>((resolve) => host.listen(E2E_EMBED_HOST_PORT, resolve))
	return async () => {
		await website.close()
		await crawlSite.close()
		await fakeAi.close()
		host.closeAllConnections()
		await new Promise((resolve) => host.close(resolve))
	}
}
