import { prisma } from '~/lib/db.server.ts'
import { isUuid } from '~/lib/misc.ts'
import { ownedRows } from '~/lib/owned-rows.server.ts'
// Chatbots, always scoped to their owner: every read and change names the user, so guessing an id
// never reaches someone else's chatbot.
import type { ChatbotForm } from './chatbot-schema.ts'
import { isChatbotRow, userChatbot, userChatbots } from './chatbot-scope.server.ts'
import type { WebsiteSourceForm } from './sources/source-schema.ts'
import {
	addWebsiteSource,
	dropStagedFiles,
	insertFileSources,
	stageFiles,
	type StagedFile,
} from './sources/sources.server.ts'
import { queueChosenKnowledgeGoneRuns, queueTestRun } from './test-sets/runs.server.ts'
import { chatbotSubject } from './test-sets/subject.ts'
import { queueTextIndex } from './text-source.server.ts'

/** Spec section 7: a script tag for the site's embed script with the chatbot's id. */
function embedCodeFor(origin: string, chatbotId: string) {
	return `<script src="${origin}/embed.js" data-chatbot-id="${chatbotId}" async></script>`
}

const listFields = { id: true, name: true, isActive: true, createdAt: true, embedCode: true } as const

// A voice assistant's own knowledge base is a chatbot row (ADR 0054) that is no chatbot to its owner:
// never listed, never opened as one, never embedded (chatbot-scope.server.ts).
export function listChatbots(userId: string) {
	return prisma.chatbot.findMany({
		where: userChatbots(userId),
		orderBy: { createdAt: 'desc' },
		select: listFields,
	})
}

export async function getOwnedChatbot(userId: string, id: string) {
	if (!isUuid(id)) return null
	return prisma.chatbot.findFirst({ where: userChatbot(userId, id) })
}

/** A save writes up to 6 MB of text and queues a job: well under a second, but a busy server may be slow. */
const SAVE_TRANSACTION = { timeout: 20_000 }

/**
 * Insert, then the embed code with the new id (spec section 7), then the text's indexing job, then
 * the files and whole sites picked in the form (each a source queued for its job, as on the
 * chatbot's page): all or nothing, in one short transaction that stores and queues, never reads.
 */
export async function createChatbot(
	userId: string,
	form: ChatbotForm,
	origin: string,
	{ sites = [], files = [] }: { sites?: WebsiteSourceForm[]; files?: Array<{ name: string; bytes: Uint8Array }> } = {},
) {
	// The files' bytes go in ahead of the transaction (lib/large-values.server.ts).
	const staged = await stageFiles(files)
	try {
		return await createWithSources(userId, form, origin, sites, staged)
	} finally {
		await dropStagedFiles(staged)
	}
}

function createWithSources(
	userId: string,
	form: ChatbotForm,
	origin: string,
	sites: WebsiteSourceForm[],
	files: StagedFile[],
) {
	return prisma.$transaction(async (tx) => {
		const created = await tx.chatbot.create({
			data: { userId, name: form.name, knowledgeBase: form.knowledgeBase, systemPrompt: form.systemPrompt },
			select: { id: true },
		})
		const chatbot = await tx.chatbot.update({
			where: { id: created.id },
			data: { embedCode: embedCodeFor(origin, created.id) },
			select: listFields,
		})
		await queueTextIndex(tx, { userId, chatbotId: chatbot.id, chars: form.knowledgeBase.length })
		if (files.length > 0) await insertFileSources(tx, userId, chatbot.id, files)
		for (const site of sites) await addWebsiteSource(userId, chatbot.id, site, tx)
		return { chatbot }
	}, SAVE_TRANSACTION)
}

/**
 * Saves the form. A changed text is re-indexed (text-source.server.ts; the old chunks answer until
 * the job is done), and the tests run once it is, as a knowledge change. The same text, indexed
 * already, is not indexed again: a save of only the System Prompt or the name runs the tests as a
 * settings change (ADR 0062). False when there is no such chatbot of this user.
 */
export async function updateChatbot(userId: string, id: string, form: ChatbotForm) {
	if (!isUuid(id)) return false
	return prisma.$transaction(async (tx) => {
		// SQL: the texts compared in the database (megabytes need not come back), the row locked for the save.
		const [before] = await tx.$queryRaw<Array<{ sameText: boolean; sameSettings: boolean; indexed: boolean }>>`
			SELECT c.knowledge_base = ${form.knowledgeBase} AS "sameText",
				(c.system_prompt = ${form.systemPrompt} AND c.name = ${form.name}) AS "sameSettings",
				EXISTS (SELECT 1 FROM knowledge_sources s WHERE s.chatbot_id = c.id AND s.kind = 'text' AND s.status = 'ready') AS indexed
			FROM chatbots c WHERE c.id = ${id}::uuid AND c.user_id = ${userId}::uuid AND ${isChatbotRow('c')}
			FOR NO KEY UPDATE OF c`
		if (!before) return false
		await tx.chatbot.updateMany({
			where: userChatbot(userId, id),
			data: { name: form.name, knowledgeBase: form.knowledgeBase, systemPrompt: form.systemPrompt },
		})
		if (!before.sameText || !before.indexed)
			await queueTextIndex(tx, { userId, chatbotId: id, chars: form.knowledgeBase.length })
		else if (!before.sameSettings) await queueTestRun(tx, chatbotSubject(id), 'settings')
		return true
	}, SAVE_TRANSACTION)
}

/** Whether the chatbot has files or websites besides its typed text (then the text may be empty). */
export async function hasOtherSources(userId: string, chatbotId: string) {
	if (!isUuid(chatbotId)) return false
	// Only of the user's own chatbot: another's id answers as one without sources.
	return (
		(await prisma.knowledgeSource.count({
			where: { chatbotId, chatbot: userChatbots(userId), kind: { not: 'text' } },
		})) > 0
	)
}

// Switched on or off and deleted only as a chatbot: never a voice assistant's knowledge base.
const owned = ownedRows(prisma.chatbot, { voiceAgentId: null })
export const setChatbotActive = owned.setActive

/**
 * Deletes the user's chatbot, and its knowledge chunks with it (foreign key cascade). The voice
 * assistants that chose it as their knowledge have their tests run, as a knowledge change, in the
 * same transaction (ADR 0067). False when there is no such chatbot of this user.
 */
export async function deleteChatbot(userId: string, id: string) {
	if (!isUuid(id)) return false
	return prisma.$transaction(async (tx) => {
		const [mine] = await tx.$queryRaw<Array<{ id: string }>>`
			SELECT c.id::text AS id FROM chatbots c
			WHERE c.id = ${id}::uuid AND c.user_id = ${userId}::uuid AND ${isChatbotRow('c')}
			FOR UPDATE OF c`
		if (!mine) return false
		await queueChosenKnowledgeGoneRuns(tx, id)
		const { count } = await tx.chatbot.deleteMany({ where: userChatbot(userId, id) })
		return count > 0
	}, SAVE_TRANSACTION)
}
