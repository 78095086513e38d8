import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [tailwindcss(), reactRouter()],
	resolve: { tsconfigPaths: true },
	build: {
		sourcemap: false,
		rolldownOptions: {
			output: {
				// Fewer, larger files on first load: the React runtime in one chunk, and icons (a few
				// hundred bytes each, otherwise one file per icon) in another. Nothing lazily loaded
				// (chat, dialogs) matches these, so the first page's JavaScript does not grow.
				codeSplitting: {
					groups: [
						{
							name: 'react',
							test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
						},
						{ name: 'icons', test: /node_modules[\\/](lucide-react|react-icons)[\\/]/ },
					],
				},
			},
		},
	},
})
