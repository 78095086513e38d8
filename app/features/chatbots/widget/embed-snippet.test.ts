import { expect, test } from 'vitest'
import { embedSnippet } from './embed-snippet.ts'

test('the snippet adds a framed embed page for visitors without JavaScript; an unusual code is kept as it is', () => {
	const id = '0b4c7a3e-6f1d-4c2b-9a8e-1d2f3a4b5c6d'
	const code = `<script src="https://site.example/embed.js" data-chatbot-id="${id}" async></script>`
	expect(embedSnippet(code)).toBe(
		`${code}\n<noscript><iframe title="Chat" src="https://site.example/embed/${id}" sandbox="allow-forms allow-same-origin allow-popups" style="width:370px;max-width:100%;height:560px;border:0"></iframe></noscript>`,
	)
	expect(embedSnippet('<script src="x.js"></script>')).toBe('<script src="x.js"></script>')
})
