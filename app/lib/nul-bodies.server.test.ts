// PostgreSQL cannot keep a NUL character in text, so every shared body reader refuses one with the
// same clear 400 before a route does anything with it: JSON (readJsonBody, behind the embed, chat,
// feedback, lead and voice APIs) and forms (readFormData, findNulField for the multipart readers).
import { expect, test } from 'vitest'
import { findNulField, NUL_REFUSED, readFormData } from './forms.server.ts'
import { readJsonBody } from './http.server.ts'

const jsonRequest = (body: string) =>
	new Request('http://localhost/api/x', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
const read = (body: string) => readJsonBody(jsonRequest(body), { maxBytes: 4096, tooLarge: 'Too large.' })

test('readJsonBody refuses a NUL anywhere: a value, deep in an array, a key', async () => {
	for (const body of [
		'{"comment":"nice\\u0000"}',
		'{"a":{"b":[1,"x",{"c":"\\u0000"}]}}',
		'{"na\\u0000me":"x"}',
		'"\\u0000"',
	])
		expect(await read(body), body).toEqual({ ok: false, status: 400, message: NUL_REFUSED })
	expect(NUL_REFUSED).toBe('Text may not contain NUL characters.')
	// A backslash followed by "u0000" is text like any other.
	expect(await read('{"comment":"\\\\u0000"}')).toEqual({ ok: true, value: { comment: '\\u0000' } })
	expect(await read('{"a":[1,2,{"b":null}]}')).toEqual({ ok: true, value: { a: [1, 2, { b: null }] } })
})

test('readFormData refuses a NUL in a field, its name or a file name, with a 400', async () => {
	const post = (form: FormData | URLSearchParams) =>
		readFormData(new Request('http://localhost/x', { method: 'POST', body: form }))
	const refused = async (form: FormData | URLSearchParams) => {
		const error = await post(form).then(
			() => null,
			(thrown: unknown) => thrown as { data: unknown; init: { status: number } },
		)
		return error && { status: error.init.status, data: error.data }
	}
	expect(await refused(new URLSearchParams({ email: 'a\0@example.com' }))).toEqual({ status: 400, data: NUL_REFUSED })
	expect(await refused(new URLSearchParams({ 'na\0me': 'x' }))).toEqual({ status: 400, data: NUL_REFUSED })
	const withFile = new FormData()
	withFile.append('file', new Blob(['x']), 'bad\0name.txt')
	expect(findNulField(withFile)).toBe('file')
	expect(await refused(new URLSearchParams({ email: 'a@example.com' }))).toBeNull()
	expect((await post(new URLSearchParams({ email: 'a@example.com' }))).get('email')).toBe('a@example.com')
})
