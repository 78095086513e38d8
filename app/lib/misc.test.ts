import { expect, test } from 'vitest'
import { formatFileSize } from './misc.ts'

test('a file size reads in KB under a megabyte, in MB above', () => {
	expect(formatFileSize(30 * 1024)).toBe('30 KB')
	expect(formatFileSize(200)).toBe('1 KB')
	expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB')
	expect(formatFileSize(9.44 * 1024 * 1024)).toBe('9.4 MB')
})
