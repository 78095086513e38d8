// A crawl visits each address once per run and indexes each text once per source: an address is
// claimed for the run before its page job is queued, whichever job (or instance) finds it first,
// and a page whose text another page of the run already has is kept as a copy of that page.
import type { KnowledgePage, Prisma } from '~/generated/prisma/client.ts'
import { prisma } from '~/lib/db.server.ts'
import type { CrawlSource } from './source-status.server.ts'

type Tx = Prisma.TransactionClient
type RunOf = Pick<CrawlSource, 'id' | 'run'>

/**
 * Claims a URL for this run: the id of its page row, queued for this run, or null when the run has
 * it already. A page of an earlier run is taken over (it keeps its validators and chunks until its
 * visit); SQL for the conditional upsert, which Prisma's upsert cannot say.
 */
export async function claimUrl(tx: Tx, source: RunOf, url: string, depth: number) {
	const [claimed] = await tx.$queryRaw<Array<Pick<KnowledgePage, 'id'>>>`
		INSERT INTO knowledge_pages (source_id, url, depth, run, status)
		VALUES (${source.id}::uuid, ${url}, ${depth}, ${source.run}, 'queued')
		ON CONFLICT (source_id, url) DO UPDATE
			SET run = EXCLUDED.run, depth = EXCLUDED.depth, status = 'queued', error = NULL
			WHERE knowledge_pages.run < EXCLUDED.run
		RETURNING id`
	return claimed?.id ?? null
}

/** The URLs this run has not claimed yet, each once, in their order. */
export async function unclaimedUrls(source: RunOf, urls: string[]) {
	if (urls.length === 0) return []
	// One query leaves out what this run has already claimed (most links, on most sites).
	const claimed = await prisma.knowledgePage.findMany({
		where: { sourceId: source.id, run: source.run, url: { in: urls } },
		select: { url: true },
	})
	const known = new Set(claimed.map((row) => row.url))
	const fresh: string[] = []
	for (const url of urls) {
		if (known.has(url)) continue
		known.add(url)
		fresh.push(url)
	}
	return fresh
}

/**
 * The address of another page of this run with the same text, if there is one. Holds a lock on the
 * text for the rest of the transaction, so two pages with one text, recorded at once, cannot both
 * find none: the second waits, then finds the first.
 */
export async function copyOf(tx: Tx, source: RunOf, pageId: string, contentHash: string) {
	await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${source.id}:${contentHash}`}))`
	const twin = await tx.knowledgePage.findFirst({
		where: {
			sourceId: source.id,
			contentHash,
			id: { not: pageId },
			run: source.run,
			status: { in: ['indexed', 'unchanged'] },
		},
		select: { url: true },
	})
	return twin?.url ?? null
}
