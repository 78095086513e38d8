// A post to a route without an action is a plain 405 with Allow, before React Router (which logged
// its "no action" error with a stack trace, and answered an API route {"message":"Unexpected Server
// Error"}); routes with an action, unknown paths, other methods and single fetches go on to it.
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appManifest } from '../tests/support/app-manifest.ts'
import { routeTargets } from './body-limit.ts'
import { actionRequired } from './no-action.ts'

let server: http.Server
let origin: string

beforeAll(async () => {
	const app = express()
	app.use(actionRequired(routeTargets(await appManifest())))
	app.all('/{*splat}', (_req, res) => void res.type('text/plain').send('reached'))
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server.once('listening', resolve))
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 60_000)

afterAll(() => new Promise((resolve) => server.close(resolve)))

const chatbot = '0b6f3f2e-8f5e-4c1a-9d57-2f1f4c7d9a10'
const conversation = '5d1c0c53-3d1e-4d0e-8a8b-6a4f3f2e1d10'
const post = (path: string) => fetch(`${origin}${path}`, { method: 'POST', body: new URLSearchParams({ a: 'b' }) })

test('a post to an API route without an action is 405 with Allow, in JSON', async () => {
	const api = await post(`/api/embed/${chatbot}/handoff/events`)
	expect([api.status, api.headers.get('allow'), await api.json()]).toEqual([405, 'GET, HEAD', { error: 'Use GET.' }])
})

test('pages and downloads (React Router renders the spec’s error page), routes with an action, unknown paths, GETs and single fetches go on to React Router', async () => {
	for (const path of [
		'/playground/handoff/events',
		'/about',
		`/playground/chatbots/${chatbot}/leads.csv`,
		`/api/embed/${chatbot}/handoff`,
		`/playground/chatbots/${chatbot}/conversations/${conversation}`,
		`/playground/chatbots/${chatbot}/conversations/${conversation}/events`,
		'/playground?index',
		'/no/such/page',
		'/about.data',
	])
		expect(await (await post(path)).text(), path).toBe('reached')
	expect(await (await fetch(`${origin}/playground/handoff/events`)).text()).toBe('reached')
})
