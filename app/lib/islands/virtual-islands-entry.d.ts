declare module 'virtual:islands-entry' {
	const islandsEntry: { src: string; dev: boolean }
	export default islandsEntry
}
