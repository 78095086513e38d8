// The `ingest-file` job: reads an uploaded file (stored on its source by sources.server.ts) in the
// sandbox, and swaps the source's chunks in one transaction. The file's bytes are dropped once read,
// or once it fails. docs/decisions/0016-knowledge-sources.md
import type { JobHelpers } from 'graphile-worker'
import { extractFileText, FileTextError } from '~/features/chatbots/ingest/file-text.server.ts'
import { checkKnowledgeQuota } from '~/features/chatbots/knowledge-quota.server.ts'
import { replaceChunks } from '~/features/chatbots/knowledge.server.ts'
import { queueKnowledgeTestRuns } from '~/features/chatbots/test-sets/runs.server.ts'
import { prisma } from '~/lib/db.server.ts'
import { defineJob } from '~/lib/jobs/define-job.server.ts'
import { readBytes } from '~/lib/large-values.server.ts'
import { logValue } from '~/lib/log.ts'
import { SourceRunPayload } from './source-status.server.ts'

export const ingestFileJob = defineJob({ name: 'ingest-file', payload: SourceRunPayload, run: ingestFile })

/** A file's name as words, counted with its text ("refund-policy_2026.pdf" is about refund policy). */
const fileTitle = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_.]+/g, ' ')

async function ingestFile({ sourceId, run }: { sourceId: string; run: number }, helpers: JobHelpers) {
	const source = await prisma.knowledgeSource.findUnique({
		where: { id: sourceId },
		select: { chatbotId: true, origin: true, status: true, run: true, chatbot: { select: { userId: true } } },
	})
	if (!source || source.run !== run || !['queued', 'running'].includes(source.status)) return
	const owner = source.chatbot.userId
	await prisma.knowledgeSource.updateMany({
		where: { id: sourceId, run },
		data: { status: 'running', startedAt: new Date() },
	})
	// Read without Prisma, which would convert 10 MB on the event loop (lib/large-values.server.ts).
	const fileData = await readBytes('SELECT file_data AS bytes FROM knowledge_sources WHERE id = $1::uuid', [sourceId])
	const fail = (message: string) =>
		prisma.knowledgeSource.updateMany({
			where: { id: sourceId, run },
			data: { status: 'failed', error: message, fileData: null },
		})
	if (!fileData) return fail('The file was not received. Upload it again.')
	let text: string
	try {
		text = await extractFileText({ name: source.origin, bytes: fileData, owner })
	} catch (error) {
		if (!(error instanceof FileTextError)) throw error
		helpers.logger.warn(`File source ${sourceId} (${logValue(source.origin)}) could not be read: ${error.message}`)
		return fail(error.message)
	}
	const overQuota = await checkKnowledgeQuota(owner, text.length)
	if (overQuota) return fail(overQuota)
	await prisma.$transaction(
		async (tx) => {
			const chunks = await replaceChunks(tx, { chatbotId: source.chatbotId, sourceId }, text, fileTitle(source.origin))
			await tx.knowledgeSource.updateMany({
				where: { id: sourceId },
				data: {
					status: 'ready',
					error: null,
					fileData: null,
					chars: text.length,
					chunkCount: chunks,
					syncedAt: new Date(),
				},
			})
			await queueKnowledgeTestRuns(tx, source.chatbotId)
		},
		{ timeout: 60_000 },
	)
}
