// Stats count every row, not only the 50 shown; "today" is the operator's day.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { prisma } from '~/lib/db.server.ts'
import { getDashboardStats, getRecentConversations, getTranscript } from './dashboard.server.ts'

beforeAll(async () => {
	await prisma.callLog.deleteMany({})
	const day = 24 * 3600_000
	const rows = [
		...Array.from({ length: 55 }, (_, i) => ({
			callStatus: 'completed',
			callDuration: 60,
			createdAt: new Date(Date.now() - 2 * day - i * 1000),
		})),
		{ callStatus: 'completed', callDuration: 30, createdAt: new Date(), customerName: 'Today' },
		{ callStatus: 'in-progress', callDuration: 0, createdAt: new Date(), customerName: '  ' },
		{ callStatus: 'failed', callDuration: 10, createdAt: new Date() },
	]
	await prisma.callLog.createMany({ data: rows })
})
afterAll(async () => {
	await prisma.callLog.deleteMany({})
})

test('stats over all rows', async () => {
	const stats = await getDashboardStats('Asia/Kolkata')
	expect(stats.total).toBe(58)
	expect(stats.active).toBe(1)
	expect(stats.completedToday).toBe(1)
	expect(stats.avgDuration).toBe(Math.round((55 * 60 + 30 + 0 + 10) / 58))
})

test('the 50 most recent, newest first, blank names as Anonymous', async () => {
	const recent = await getRecentConversations('Asia/Kolkata')
	expect(recent).toHaveLength(50)
	expect(new Date(recent[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(recent[1].createdAt).getTime())
	expect(recent.filter((c) => c.customerName === 'Anonymous').length).toBeGreaterThan(0)
	expect(recent.find((c) => c.status === 'completed' && c.duration === '30s')?.customerName).toBe('Today')
})

test('the list carries the opening of a long transcript; the whole one is fetched on its own', async () => {
	const transcript = Array.from({ length: 200 }, (_, i) => `Caller: question ${i}\nAssistant: answer ${i}`).join('\n')
	const long = await prisma.callLog.create({ data: { callStatus: 'completed', customerName: 'Talkative', transcript } })
	const listed = (await getRecentConversations('Asia/Kolkata')).find((c) => c.id === long.id)!
	expect(listed.transcript).toBe(transcript.slice(0, 2_000))
	expect(listed.transcriptCut).toBe(true)
	expect(await getTranscript(long.id)).toBe(transcript)
	expect(await getTranscript('not-an-id')).toBeNull()
})
