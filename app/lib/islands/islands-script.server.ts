import islandsEntry from 'virtual:islands-entry'

/** The islands loader's URL: the built, hashed file in production, the source under Vite in development. */
export const islandsScript = islandsEntry
