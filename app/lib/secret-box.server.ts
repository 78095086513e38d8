// Secrets kept in the database (a model provider's API key) are sealed with AES-256-GCM under a key
// derived (HKDF-SHA256) from the server's session secret, so a copy of the database alone does not
// give them away. Each sealing has its own random 96-bit nonce; the tag makes tampering fail loudly.
// Sealed text: "v1.<nonce>.<ciphertext>.<tag>", base64url parts. docs/decisions/0046.
import crypto from 'node:crypto'
import { getSessionSecret } from './session-secret.server.ts'

const VERSION = 'v1'

/** A key per purpose (`context`), so a key sealed for one use cannot be opened as another. */
function keyFor(context: string, secret: string) {
	return Buffer.from(crypto.hkdfSync('sha256', secret, 'secret-box', `${VERSION}:${context}`, 32))
}

export function sealSecret(plain: string, context: string, secret = getSessionSecret()): string {
	const nonce = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(context, secret), nonce)
	const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return [VERSION, nonce, sealed, cipher.getAuthTag()]
		.map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
		.join('.')
}

/** The secret, or null when it was sealed under another server secret or tampered with. */
export function openSecret(sealed: string, context: string, secret = getSessionSecret()): string | null {
	const [version, nonce, data, tag] = sealed.split('.')
	if (version !== VERSION || !nonce || data === undefined || !tag) return null
	try {
		const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(context, secret), Buffer.from(nonce, 'base64url'))
		decipher.setAuthTag(Buffer.from(tag, 'base64url'))
		return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
	} catch {
		return null
	}
}
