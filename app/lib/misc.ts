import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
	return twMerge(clsx(inputs))
}

/** A database id (UUID) in its text form: anything else can never match a row, so look-ups skip it. */
export function isUuid(value: string) {
	return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

/** A file's size as people read it: "30 KB" under a megabyte ("0 MB" said nothing), else "9.4 MB". */
export function formatFileSize(bytes: number) {
	if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
	return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
}
