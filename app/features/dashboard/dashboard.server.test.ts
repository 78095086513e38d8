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

// Issue 32: a live call's duration, readable statuses, the assistant's name, the call's notes.
test('a call in progress shows its time so far, not 0s; statuses read as words', async () => {
	const live = await prisma.callLog.create({
		data: {
			callStatus: 'in-progress',
			callDuration: 0,
			customerName: 'Live',
			createdAt: new Date(Date.now() - 75_000),
		},
	})
	const listed = (await getRecentConversations('Asia/Kolkata')).find((c) => c.id === live.id)!
	expect(listed.live).toBe(true)
	expect(listed.durationSeconds).toBeGreaterThanOrEqual(75)
	expect(listed.duration).toMatch(/^1m \d+s$/)
	expect(listed.statusLabel).toBe('In progress')
	const labels = new Set((await getRecentConversations('Asia/Kolkata')).map((c) => c.statusLabel))
	expect([...labels].sort()).toEqual(['Completed', 'Failed', 'In progress'])
	await prisma.callLog.delete({ where: { id: live.id } })
})

test('each call names its assistant, "Deleted assistant" once it is gone, and carries its notes', async () => {
	const user = await prisma.user.create({ data: { email: `dash-${Date.now()}@example.com`, passwordHash: 'x' } })
	const agent = (extra: { name: string }) =>
		prisma.agent.create({ data: { userId: user.id, instructions: 'Be brief.', firstMessage: 'Hi!', ...extra } })
	const kept = await agent({ name: 'Front Desk' })
	const removed = await agent({ name: 'Night Line' })
	const notes = 'Summary: Asha asked: “Are you open on Sunday”.\nName: Asha'
	const [a, b, c] = await Promise.all([
		prisma.callLog.create({ data: { agentId: kept.id, agentName: 'Front Desk' } }),
		prisma.callLog.create({ data: { agentId: removed.id, agentName: 'Night Line', inquiryDetails: notes } }),
		prisma.callLog.create({ data: { customerName: 'Logged without an agent' } }),
	])
	await prisma.agent.delete({ where: { id: removed.id } })
	const listed = await getRecentConversations('Asia/Kolkata')
	const of = (id: string) => listed.find((row) => row.id === id)!
	expect(of(a.id).assistant).toBe('Front Desk')
	expect(of(b.id).assistant).toBe('Deleted assistant')
	expect(of(b.id).inquiryDetails).toBe(notes)
	expect(of(c.id).assistant).toBeNull()
	await prisma.callLog.deleteMany({ where: { id: { in: [a.id, b.id, c.id] } } })
	await prisma.user.delete({ where: { id: user.id } })
})

test("each listed call carries its measured turns and the call's medians; unmeasured calls none", async () => {
	const call = await prisma.callLog.create({ data: { customerName: 'Timed Caller', createdAt: new Date() } })
	const turns = [
		{
			heard: 'When are you open?',
			timings: { transcriptMs: 300, firstTokenMs: 700, firstAudioMs: 1000, serverMs: 50 },
		},
		{ heard: 'Typed question', timings: { transcriptMs: null, firstTokenMs: 500, firstAudioMs: null, serverMs: 30 } },
		{ heard: 'Before measuring', timings: null },
		{ heard: 'And Sunday?', timings: { transcriptMs: 500, firstTokenMs: 900, firstAudioMs: 1400, serverMs: 40 } },
	]
	for (const [i, turn] of turns.entries())
		await prisma.voiceMessage.create({
			data: {
				conversationId: call.id,
				clientMessageId: String(i),
				heard: turn.heard,
				reply: `Reply ${i}`,
				timings: turn.timings ?? undefined,
				createdAt: new Date(Date.now() + i * 1000),
			},
		})
	const recent = await getRecentConversations('Asia/Kolkata')
	const latency = recent.find((c) => c.id === call.id)?.latency
	expect(latency?.turns.map((t) => t.heard)).toEqual(['When are you open?', 'Typed question', 'And Sunday?'])
	expect(latency?.turns[1].timings.transcriptMs).toBeNull()
	expect(latency?.medians).toEqual({ transcriptMs: 400, firstTokenMs: 700, firstAudioMs: 1200, serverMs: 40 })
	expect(latency?.headline).toEqual({ label: 'First audio', ms: 1200 })
	expect(recent.find((c) => c.customerName === 'Today')?.latency).toBeNull()
	await prisma.callLog.delete({ where: { id: call.id } })
})
