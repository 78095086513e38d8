// A signed-in Cookie header for a benchmark that talks to the app over HTTP: a session row for the
// user, signed with the app's SESSION_SECRET as the app's own session cookie is.
import type pg from 'pg'
import { createCookie } from 'react-router'

export async function benchSessionCookie(db: pg.Client, secret: string, userId: string) {
	const { rows } = await db.query<{ id: string }>(
		`INSERT INTO sessions (user_id, expires_at) VALUES ($1, now() + interval '1 day') RETURNING id`,
		[userId],
	)
	const cookie = createCookie('session', {
		secrets: [secret],
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: true,
	})
	return (await cookie.serialize(rows[0].id)).split(';')[0]
}
