import { describe, expect, test } from 'vitest'
import {
	calendarDate,
	ConversationActionSchema,
	ConversationListQuerySchema,
	listCursor,
} from './conversation-schema.ts'

describe('calendarDate', () => {
	test('real dates in a sane year', () => {
		for (const date of ['2026-01-01', '2024-02-29', '2026-12-31', '2000-01-01', '2999-12-31'])
			expect(calendarDate(date)).toBe(date)
	})

	test('dates that do not exist, years out of range and other shapes are null', () => {
		for (const value of [
			'2026-13-45',
			'2026-02-30',
			'2025-02-29',
			'2026-04-31',
			'2026-00-10',
			'2026-01-00',
			'0000-01-01',
			'1999-12-31',
			'3000-01-01',
			'2026-1-1',
			'2026-01-01T00:00',
			' 2026-01-01',
			'',
			undefined,
			42,
			['2026-01-01'],
		])
			expect(calendarDate(value), String(value)).toBeNull()
	})
})

describe('listCursor', () => {
	const id = '3f1c9a52-6b0e-4d7a-9c1e-2a8b7c6d5e4f'

	test('what the list writes, with milliseconds or microseconds', () => {
		expect(listCursor(`2026-11-22T10:00:00.123Z_${id}`)).toEqual({ at: '2026-11-22T10:00:00.123Z', id })
		expect(listCursor(`2026-11-22T23:59:59.123456Z_${id}`)).toEqual({ at: '2026-11-22T23:59:59.123456Z', id })
		expect(listCursor(`2026-11-22T10:00:00Z_${id}`)).toEqual({ at: '2026-11-22T10:00:00Z', id })
	})

	test('anything else is null', () => {
		for (const value of [
			`2026-11-22T10:00:00.000Z_${'f'.repeat(36)}`,
			`2026-13-22T10:00:00.000Z_${id}`,
			`2026-02-30T10:00:00.000Z_${id}`,
			`2026-11-22T24:00:00.000Z_${id}`,
			`2026-11-22T10:60:00.000Z_${id}`,
			`2026-11-22T10:00:60.000Z_${id}`,
			`0000-01-01T00:00:00.000Z_${id}`,
			`2026-11-22T10:00:00.1234567Z_${id}`,
			`2026-11-22T10:00:00.000+01:00_${id}`,
			`2026-11-22T10:00:00.000Z_${id}_x`,
			`2026-11-22T10:00:00.000Z${id}`,
			'%ZZ',
			'',
			undefined,
			{},
		])
			expect(listCursor(value), String(value)).toBeNull()
	})
})

test('the list query leaves out what it cannot read and keeps the rest', () => {
	expect(
		ConversationListQuerySchema.parse({ from: '2026-02-30', to: '2026-03-01', after: 'x', filter: 'unanswered' }),
	).toEqual({ filter: 'unanswered', kind: 'embed', to: '2026-03-01' })
})

test("a conversation's page takes its Delete and nothing else", () => {
	expect(ConversationActionSchema.safeParse({ intent: 'delete' }).success).toBe(true)
	for (const intent of ['', 'delete-all', 'retention', 'DELETE', 'constructor']) {
		const parsed = ConversationActionSchema.safeParse({ intent })
		expect(
			parsed.error?.issues.map((issue) => issue.message),
			intent,
		).toEqual(['Unknown action.'])
	}
})
