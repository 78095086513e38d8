// The administrator's conversation dashboard: stats over every call log and the 50 most recent.
import { modelCopy } from '~/ai/model-notice.ts'
import { ASSISTANT as ASSISTANT_LINE, CALLER as CALLER_LINE } from '~/ai/transcript-lines.ts'
import { prisma } from '~/lib/db.server.ts'
import { formatDuration } from '~/lib/format-duration.ts'
import { isUuid } from '~/lib/misc.ts'
import { callerName } from '~/lib/voice/caller-name.ts'
import { summarizeLatency } from '~/lib/voice/turn-latency.ts'

const RECENT_CONVERSATIONS = 50
/** The list shows this much of each transcript; the whole one is a link away. */
const TRANSCRIPT_EXCERPT_CHARS = 2_000

export type DashboardStats = { total: number; active: number; avgDuration: number; completedToday: number }

export async function getDashboardStats(timeZone: string): Promise<DashboardStats> {
	const [row] = await prisma.$queryRaw<
		Array<{ total: number; active: number; avg_duration: number; completed_today: number }>
	>`
		SELECT
			count(*)::int AS total,
			count(*) FILTER (WHERE call_status = 'in-progress')::int AS active,
			COALESCE(round(avg(call_duration)), 0)::int AS avg_duration,
			count(*) FILTER (
				WHERE call_status = 'completed'
				AND (created_at AT TIME ZONE ${timeZone})::date = (now() AT TIME ZONE ${timeZone})::date
			)::int AS completed_today
		FROM call_logs`
	return { total: row.total, active: row.active, avgDuration: row.avg_duration, completedToday: row.completed_today }
}

export async function getRecentConversations(timeZone: string) {
	// Transcripts can be long: only their opening is read for the list.
	const rows = await prisma.callLog.findMany({
		orderBy: { createdAt: 'desc' },
		take: RECENT_CONVERSATIONS,
		omit: { transcript: true },
		include: { agent: { select: { name: true } } },
	})
	// Calls in progress are timed by the database's clock, as their start was written.
	const [{ now }] = await prisma.$queryRaw<Array<{ now: Date }>>`SELECT now() AS now`
	const excerpts = new Map(
		(
			await prisma.$queryRaw<Array<{ id: string; excerpt: string | null; length: number | null }>>`
				SELECT id::text, left(transcript, ${TRANSCRIPT_EXCERPT_CHARS}) AS excerpt, length(transcript) AS length
				FROM call_logs WHERE id = ANY(${rows.map((row) => row.id)}::uuid[])`
		).map((row) => [row.id, row]),
	)
	// Each call's turns with their latency (issue 32), oldest first: read for the shown calls only.
	const turnsByCall = new Map<string, Array<{ heard: string; reply: string; timings: unknown; heardBy: string }>>()
	for (const turn of await prisma.voiceMessage.findMany({
		where: { conversationId: { in: rows.map((row) => row.id) } },
		orderBy: { createdAt: 'asc' },
		select: { conversationId: true, heard: true, reply: true, timings: true, heardBy: true },
	})) {
		const turns = turnsByCall.get(turn.conversationId)
		if (turns) turns.push(turn)
		else turnsByCall.set(turn.conversationId, [turn])
	}
	// The time zone is named on every time: the operator and the reader may be in different ones.
	const format = new Intl.DateTimeFormat('en-IN', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		hour: 'numeric',
		minute: '2-digit',
		timeZone,
		timeZoneName: 'short',
	})
	return rows.map((row) => {
		const live = row.callStatus === 'in-progress'
		const seconds = live ? Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / 1000)) : row.callDuration
		return {
			id: row.id,
			customerName: callerName(row.customerName),
			customerPhone: row.customerPhone,
			customerEmail: row.customerEmail,
			status: row.callStatus,
			statusLabel: statusLabel(row.callStatus),
			/** The assistant that took the call; "Deleted assistant" once it is gone; null for a call logged without one. */
			assistant: row.agent?.name ?? (row.agentName ? DELETED_ASSISTANT : null),
			/** Seconds so far for a call in progress (the page ticks on from here), its length for an ended one. */
			durationSeconds: seconds,
			live,
			duration: formatDuration(seconds),
			createdAt: row.createdAt.toISOString(),
			createdAtLabel: format.format(row.createdAt),
			transcript: excerpts.get(row.id)?.excerpt ?? null,
			/** The excerpt is the start of a longer transcript (see getTranscript). */
			transcriptCut: (excerpts.get(row.id)?.length ?? 0) > TRANSCRIPT_EXCERPT_CHARS,
			inquiryDetails: row.inquiryDetails,
			/** The measured turns and the call's median per step; null when no turn was measured. */
			latency: summarizeLatency(turnsByCall.get(row.id) ?? []),
		}
	})
}

const DELETED_ASSISTANT = 'Deleted assistant'

const STATUS_LABELS: Record<string, string> = {
	'in-progress': 'In progress',
	completed: 'Completed',
	failed: 'Failed',
}

/** A stored status in words: "In progress", not "in-progress"; an unknown one capitalised, hyphens as spaces. */
function statusLabel(status: string) {
	if (Object.hasOwn(STATUS_LABELS, status)) return STATUS_LABELS[status]
	const words = status.replace(/[-_]+/g, ' ').trim()
	return words ? words[0].toUpperCase() + words.slice(1) : 'Unknown'
}

/** One conversation's whole transcript; null when there is no such conversation. */
/**
 * A conversation's whole transcript, each reply followed by the model that answered it (and why the
 * chosen one failed, when it did) where every turn has its record (voice_messages).
 */
export async function getTranscript(id: string) {
	if (!isUuid(id)) return null
	const row = await prisma.callLog.findUnique({
		where: { id },
		select: {
			transcript: true,
			voiceMessages: { orderBy: { createdAt: 'asc' }, select: { model: true, modelError: true } },
		},
	})
	if (!row) return null
	const lines = (row.transcript ?? '').split('\n')
	const replies = lines.filter((line) => line.startsWith(CALLER_LINE)).length
	// Turns from before each one was recorded: the transcript as it is.
	if (replies === 0 || replies !== row.voiceMessages.length) return row.transcript ?? ''
	let turn = -1
	return lines
		.flatMap((line) => {
			if (line.startsWith(CALLER_LINE)) turn++
			const record = row.voiceMessages[turn]
			if (turn < 0 || !line.startsWith(ASSISTANT_LINE) || !record?.model) return [line]
			const note = record.modelError
				? `${modelCopy.answeredBy(record.model)}; ${modelCopy.modelFailed(record.modelError)}`
				: modelCopy.answeredBy(record.model)
			return [line, `  (${note})`]
		})
		.join('\n')
}

export async function deleteConversation(id: string) {
	const { count } = await prisma.callLog.deleteMany({ where: { id } })
	return count > 0
}
