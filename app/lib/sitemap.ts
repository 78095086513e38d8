import { services } from '~/content/services.ts'

/** Every public, indexable path of the site. */
export function publicPaths() {
	return ['/', '/career', ...services.map((s) => `/services/${s.slug}`)]
}
