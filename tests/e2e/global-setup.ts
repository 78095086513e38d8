// Servers the browser tests need beside the app: a small website to import from (on the app's
// WEBSITE_IMPORT_ALLOW list) and a page on another origin that only embeds a chatbot.
import http from 'node:http'
import { startWebsiteServer } from '../support/website-server.ts'
import { E2E_EMBED_HOST_PORT, E2E_PORT, E2E_WEBSITE_PORT } from './ports.ts'

export default async function globalSetup() {
	const website = await startWebsiteServer(E2E_WEBSITE_PORT)
	const host = http.createServer((request, response) => {
		const id = new URL(request.url ?? '/', 'http://x').searchParams.get('id') ?? ''
		response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
		// Hostile-ish host styles: they must not reach the launcher or the chat.
		response.end(`<!doctype html><html lang="en"><head><title>Partner site</title>
<style>button { background: red !important; width: 10px !important } iframe { display: none !important }</style></head>
<body><main><h1>A partner's page</h1><p>Only the embed snippet below comes from us.</p></main>
<script src="http://localhost:${E2E_PORT}/embed.js" data-chatbot-id="${id.replace(/[^0-9a-f-]/gi, '')}" async></script>
</body></html>`)
	})
	await new Promise<void>((resolve) => host.listen(E2E_EMBED_HOST_PORT, '127.0.0.1', resolve))
	return async () => {
		await website.close()
		host.closeAllConnections()
		await new Promise((resolve) => host.close(resolve))
	}
}
