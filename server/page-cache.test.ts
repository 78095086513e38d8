import type http from 'node:http'
import express from 'express'
import { afterEach, expect, test } from 'vitest'
import { createPageCache } from './page-cache.ts'

let server: http.Server | undefined
afterEach(() => server?.close())

async function start(options: { ttlMs?: number; now?: () => number } = {}) {
	let renders = 0
	let nonceCounter = 0
	const cache = createPageCache({
		isCacheablePath: (p) => p === '/' || p === '/missing',
		originOf: () => 'http://site.example',
		ttlMs: options.ttlMs ?? 60_000,
		maxEntries: 10,
		now: options.now,
	})
	const app = express()
	app.use((_req, res, next) => {
		res.locals.cspNonce = `nonce${++nonceCounter}`
		next()
	})
	app.use(cache.middleware)
	app.get('/', (_req, res) => {
		renders++
		res.type('html')
		res.write(`<html><script nonce="${res.locals.cspNonce}"></script>`)
		res.end(`<p>render ${renders}</p></html>`)
	})
	app.get('/missing', (_req, res) => {
		renders++
		res.status(404).type('html').send('nope')
	})
	server = app.listen(0)
	await new Promise((r) => server!.once('listening', r))
	const { port } = server.address() as { port: number }
	return { base: `http://127.0.0.1:${port}`, renders: () => renders, cache }
}

test('serves the second anonymous request from the cache with a fresh nonce', async () => {
	const { base, renders } = await start()
	const first = await fetch(`${base}/`)
	expect(first.headers.get('x-page-cache')).toBe('MISS')
	expect(await first.text()).toBe('<html><script nonce="nonce1"></script><p>render 1</p></html>')
	const second = await fetch(`${base}/`)
	expect(second.headers.get('x-page-cache')).toBe('HIT')
	expect(await second.text()).toBe('<html><script nonce="nonce2"></script><p>render 1</p></html>')
	expect(renders()).toBe(1)
})

test('never caches for a visitor with cookies, a query string, or a non-200 answer', async () => {
	const { base, renders } = await start()
	await fetch(`${base}/`, { headers: { cookie: 'session=abc' } })
	await fetch(`${base}/`, { headers: { cookie: 'session=abc' } })
	expect(renders()).toBe(2)
	await fetch(`${base}/?utm=x`)
	await fetch(`${base}/?utm=x`)
	expect(renders()).toBe(4)
	await fetch(`${base}/missing`)
	const again = await fetch(`${base}/missing`)
	expect(again.status).toBe(404)
	expect(renders()).toBe(6)
})

test('entries expire after the TTL', async () => {
	let clock = 0
	const { base, renders } = await start({ ttlMs: 1000, now: () => clock })
	await fetch(`${base}/`)
	clock = 999
	await fetch(`${base}/`)
	expect(renders()).toBe(1)
	clock = 2000
	expect(await (await fetch(`${base}/`)).text()).toContain('render 2')
})
