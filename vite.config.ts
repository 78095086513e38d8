import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { islandsPlugin } from './vite-islands-plugin.ts'
import { voiceAssetsPlugin } from './vite-voice-assets-plugin.ts'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), islandsPlugin(), voiceAssetsPlugin()],
	resolve: { tsconfigPaths: true },
	build: {
		sourcemap: false,
		rolldownOptions: {
			output: {
				// Fewer, larger files on first load: React in one chunk, React Router in another (the
				// public pages' islands use React without it, ADR 0021), and icons (a few hundred bytes
				// each, otherwise one file per icon) in a third.
				codeSplitting: {
					groups: [
						{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
						{ name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
						{ name: 'icons', test: /node_modules[\\/](lucide-react|react-icons)[\\/]/ },
					],
				},
			},
		},
	},
})
