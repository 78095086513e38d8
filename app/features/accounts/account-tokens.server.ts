// Tokens sent by e-mail: 32 random bytes, of which only a SHA-256 is stored. Each is single-use
// (using it deletes the row, atomically, so two clicks cannot both succeed), expires, and issuing a
// new one for the same user and purpose deletes the older ones: only the latest link works.
import crypto from 'node:crypto'
import { prisma } from '~/lib/db.server.ts'

export type TokenPurpose = 'verify-email' | 'reset-password'

const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
	'verify-email': 24 * 60 * 60_000,
	'reset-password': 60 * 60_000,
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** A well-formed token: 43 base64url characters. Anything else is not looked up at all. */
const isTokenShaped = (token: unknown): token is string => typeof token === 'string' && /^[\w-]{43}$/.test(token)

export async function issueAccountToken(userId: string, purpose: TokenPurpose) {
	const token = crypto.randomBytes(32).toString('base64url')
	await prisma.$transaction([
		prisma.accountToken.deleteMany({ where: { userId, purpose } }),
		prisma.accountToken.create({
			data: { userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]) },
		}),
	])
	return token
}

/** Expired tokens nobody used; the hourly prune-expired job removes them. */
export async function pruneExpiredAccountTokens() {
	return (await prisma.accountToken.deleteMany({ where: { expiresAt: { lt: new Date() } } })).count
}

/** Whether the token would work now (for the page the link opens); does not use it. */
export async function isAccountTokenValid(token: unknown, purpose: TokenPurpose) {
	if (!isTokenShaped(token)) return false
	const row = await prisma.accountToken.findUnique({
		where: { tokenHash: hashToken(token) },
		select: { purpose: true, expiresAt: true },
	})
	return Boolean(row && row.purpose === purpose && row.expiresAt.getTime() > Date.now())
}

/** Uses the token up: the user it was issued to, or null when it is unknown, used, expired or for another purpose. */
export async function consumeAccountToken(token: unknown, purpose: TokenPurpose): Promise<string | null> {
	if (!isTokenShaped(token)) return null
	const rows = await prisma.$queryRaw<Array<{ user_id: string }>>`
		DELETE FROM account_tokens
		WHERE token_hash = ${hashToken(token)} AND purpose = ${purpose} AND expires_at > now()
		RETURNING user_id::text`
	return rows[0]?.user_id ?? null
}
