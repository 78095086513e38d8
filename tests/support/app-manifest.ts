// The build's route manifest for server tests, made from app/routes.ts and the real route modules
// as the build makes it (React Router's ServerBuild['routes'], as far as the server reads it).
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routeConfig from '~/routes.ts'
import type { ManifestRoute } from '../../server/body-limit.ts'

export async function appManifest() {
	const manifest: Record<string, ManifestRoute> = { root: { id: 'root', path: '', module: {} } }
	async function add(entries: RouteConfigEntry[], parentId: string) {
		for (const entry of entries) {
			const id = entry.id ?? entry.file.replace(/\.tsx?$/, '')
			const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as ManifestRoute['module']
			manifest[id] = { id, parentId, path: entry.path, index: entry.index, module }
			await add(entry.children ?? [], id)
		}
	}
	await add(await routeConfig, 'root')
	return manifest
}
