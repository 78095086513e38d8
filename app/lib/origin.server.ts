// The site's public origin, for links in e-mails, canonical and Open Graph URLs, the sitemap and the
// page cache. It never comes from an arbitrary request header: SITE_URL when set, otherwise the
// request's host only if it is on the allowed-hosts list (server/app.ts refuses the others with 400
// before any route runs; this check is the second line).
import { getEnv, type Env } from './env.server.ts'

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]']

/** ALLOWED_HOSTS, or by default SITE_URL's host and the local names the quick start uses. */
export function allowedHosts(env: Pick<Env, 'ALLOWED_HOSTS' | 'SITE_URL'> = getEnv()): string[] {
	if (env.ALLOWED_HOSTS.length > 0) return env.ALLOWED_HOSTS
	const hosts = [...LOCAL_HOSTS]
	if (env.SITE_URL) hosts.unshift(new URL(env.SITE_URL).hostname.toLowerCase())
	return hosts
}

/**
 * Whether `hostname` (no port) may be served. Entries match exactly; `.example.com` also matches
 * every subdomain and `*` matches anything (as in Django's ALLOWED_HOSTS).
 */
export function isAllowedHost(hostname: string, hosts = allowedHosts()) {
	const name = hostname.toLowerCase().replace(/\.$/, '')
	if (!name) return false
	return hosts.some((entry) => {
		if (entry === '*') return true
		if (entry.startsWith('.')) return name === entry.slice(1) || name.endsWith(entry)
		return name === entry
	})
}

/** The public origin of the site: SITE_URL when set, else the request's own if its host is allowed. */
export function getSiteOrigin(request: Request) {
	const env = getEnv()
	if (env.SITE_URL) return new URL(env.SITE_URL).origin
	const url = new URL(request.url)
	if (isAllowedHost(url.hostname, allowedHosts(env))) return url.origin
	return `http://localhost:${env.PORT}`
}
