-- Every search reads its chatbot's chunk count and average length (BM25's corpus figures): with the
-- length in the index, that is an index-only scan instead of a pass over the chunks' rows (5 ms at
-- 5,000 chunks). docs/decisions/0017-bm25-retrieval.md
DROP INDEX "knowledge_chunks_chatbot_id_idx";
CREATE INDEX "knowledge_chunks_chatbot_id_idx" ON "knowledge_chunks" ("chatbot_id") INCLUDE ("term_count");
