// After the call (issue 32): when a voice conversation ends (the caller ends it, or it goes idle),
// call_logs.inquiry_details gets a summary and the details the caller gave, and the customer columns
// the ones they said. At once by plain patterns (inquiry.ts); then, when the agent answers with a
// language model, the model writes its own version in the job queue (`summarize-call`), so ending a
// call never waits for a model. A model that fails leaves the extractive version standing.
import { generateText } from 'ai'
import { z } from 'zod'
import { describeAiError } from '~/ai/model-reply.server.ts'
import { chosenModel, MODEL_CHOICE_COLUMNS } from '~/ai/models.server.ts'
import type { Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import { deadlineSignal } from '~/lib/deadline.ts'
import { getEnv } from '~/lib/env.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { queueJob } from '~/lib/jobs/queue-job.server.ts'
import { callerLines, extractInquiry, inquiryText, type Inquiry } from './inquiry.ts'

type Db = Pick<Prisma.TransactionClient, '$executeRaw'>

/** Writes the inquiry and fills the customer columns the call left empty (what was given at start stands). */
async function storeInquiry(callId: string, inquiry: Inquiry, db: Db = prisma) {
	await db.$executeRaw`
		UPDATE call_logs SET
			inquiry_details = ${inquiryText(inquiry)},
			customer_name = COALESCE(NULLIF(trim(customer_name), ''), ${inquiry.name?.slice(0, 100) ?? null}),
			customer_phone = COALESCE(NULLIF(trim(customer_phone), ''), ${inquiry.phone?.slice(0, 40) ?? null}),
			customer_email = COALESCE(NULLIF(trim(customer_email), ''), ${inquiry.email?.slice(0, 200) ?? null})
		WHERE id = ${callId}::uuid`
}

/** The extractive notes of a call that has just ended, written with `db` (the transaction that ends it). */
export const storeExtractiveNotes = (callId: string, transcript: string | null, db: Db = prisma) =>
	storeInquiry(callId, extractInquiry(transcript ?? ''), db)

/**
 * A `summarize-call` job for each ended call whose agent answers with a language model (and whose
 * caller said something). Failures are logged: the call has ended, and its extractive notes stand.
 */
export async function queueModelNotes(callIds: string[]) {
	for (const id of callIds) {
		try {
			const call = await prisma.callLog.findUnique({
				where: { id },
				select: { transcript: true, agent: { select: { userId: true, ...MODEL_CHOICE_COLUMNS } } },
			})
			if (!call?.agent || callerLines(call.transcript ?? '').length === 0) continue
			if ((await chosenModel(call.agent)).info.kind !== 'llm') continue
			await queueJob(summarizeCallJob, { callId: id }, { accountId: call.agent.userId, jobKey: `summarize-call:${id}` })
		} catch (error) {
			console.error(`Voice API: the model's notes on call ${id} could not be queued:`, error)
		}
	}
}

/** Calls ended by going idle: their extractive notes, then the model's. */
export async function afterIdleCallsEnded(calls: Array<{ id: string; transcript: string | null }>) {
	for (const call of calls) {
		try {
			await storeExtractiveNotes(call.id, call.transcript)
		} catch (error) {
			console.error(`Voice API: the notes of call ${call.id} could not be written:`, error)
		}
	}
	await queueModelNotes(calls.map((call) => call.id))
}

const SUMMARY_INSTRUCTION = `You write call notes for a business, from the transcript of a call between a caller and its voice assistant. Reply with JSON only, no prose around it:
{"summary": "one or two sentences: what the caller wanted and what they were told", "name": "the caller's name or null", "phone": "the caller's phone number or null", "email": "the caller's e-mail address or null", "asked": ["each thing the caller asked, briefly"]}
Use only what the caller said: never invent a name, number or address.`

const nullableText = (max: number) =>
	z
		.string()
		.trim()
		.max(max)
		.nullish()
		.transform((v) => (v && !/^(null|none|unknown|n\/a)$/i.test(v) ? v : null))

const ModelNotes = z.object({
	summary: z.string().trim().min(1).max(600),
	name: nullableText(100),
	phone: nullableText(40).refine((v) => v === null || /^[+()\d\s.-]{6,40}$/.test(v)),
	email: nullableText(200).refine((v) => v === null || z.email().safeParse(v).success),
	asked: z.array(z.string().trim().min(1).max(200)).max(10).catch([]),
})

/** The model's notes, when its answer holds a JSON object of the right shape. */
function parseNotes(text: string) {
	const start = text.indexOf('{')
	const end = text.lastIndexOf('}')
	if (start < 0 || end <= start) return null
	try {
		const parsed = ModelNotes.safeParse(JSON.parse(text.slice(start, end + 1)))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

/** The model's summary of one ended call, merged over the extractive details (which fill what it left out). */
async function summarizeCall({ callId }: { callId: string }) {
	const call = await prisma.callLog.findUnique({
		where: { id: callId },
		select: { transcript: true, callStatus: true, agent: { select: { id: true, ...MODEL_CHOICE_COLUMNS } } },
	})
	if (!call?.agent || call.callStatus === 'in-progress' || !call.transcript) return
	const model = await chosenModel(call.agent)
	if (model.info.kind !== 'llm') return
	const timeoutMs = getEnv().AI_TIMEOUT_MS
	const deadline = deadlineSignal(timeoutMs)
	let text: string
	try {
		;({ text } = await generateText({
			model: model.model,
			system: SUMMARY_INSTRUCTION,
			prompt: call.transcript.slice(-12_000),
			temperature: 0,
			maxOutputTokens: 400,
			maxRetries: 1,
			abortSignal: deadline.signal,
		}))
	} catch (error) {
		const reason = deadline.timedOut()
			? `no answer within ${timeoutMs} ms`
			: describeAiError(error, model.info, model.target.secrets)
		console.error(
			`Voice agent ${call.agent.id}: summarising call ${callId} failed (${reason}); the extractive notes stay`,
		)
		return
	} finally {
		deadline.done()
	}
	const notes = parseNotes(text)
	if (!notes) {
		console.error(
			`Voice agent ${call.agent.id}: the model's notes on call ${callId} were not the JSON asked for; the extractive notes stay`,
		)
		return
	}
	const extracted = extractInquiry(call.transcript)
	await storeInquiry(callId, {
		summary: notes.summary,
		name: notes.name ?? extracted.name,
		phone: notes.phone ?? extracted.phone,
		email: notes.email ?? extracted.email,
		asked: notes.asked.length > 0 ? notes.asked.slice(0, 5) : extracted.asked,
	})
}

export const summarizeCallJob = defineJob({
	name: 'summarize-call',
	payload: z.object({ callId: z.uuid() }),
	run: summarizeCall,
})
