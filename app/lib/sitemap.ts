import { aboutPage } from '~/content/about.ts'
import { blogArticles, blogIndex } from '~/content/blog.ts'
import { legalPaths } from '~/content/legal.ts'
import { services } from '~/content/services.ts'

/** Every public, indexable path of the site. */
export function publicPaths() {
	return [
		'/',
		'/career',
		...services.map((s) => `/services/${s.slug}`),
		aboutPage.path,
		blogIndex.path,
		...blogArticles.map((a) => a.path),
		legalPaths.privacy,
		legalPaths.terms,
		legalPaths.cookies,
	]
}
