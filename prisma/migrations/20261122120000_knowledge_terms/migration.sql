-- BM25 retrieval: each chunk's terms (English stems, stop words left out, as in its tsvector) with
-- their counts, and the chunk's length in terms, so a question's rare words weigh more than words
-- every chunk has. docs/decisions/0017-bm25-retrieval.md

ALTER TABLE knowledge_chunks ADD COLUMN term_count integer NOT NULL DEFAULT 0;

CREATE TABLE knowledge_terms (
    chunk_id uuid NOT NULL REFERENCES knowledge_chunks(id) ON DELETE CASCADE,
    chatbot_id uuid NOT NULL,
    term text NOT NULL,
    -- How often the term occurs in the chunk, and the chunk's length in terms (for BM25's length norm).
    tf integer NOT NULL,
    chunk_length integer NOT NULL,
    PRIMARY KEY (chunk_id, term)
);
-- Covering: a question's postings are read from the index alone (no table visits).
CREATE INDEX knowledge_terms_chatbot_id_term_idx ON knowledge_terms (chatbot_id, term) INCLUDE (chunk_id, tf, chunk_length);

UPDATE knowledge_chunks k SET term_count = (
    SELECT COALESCE(sum(COALESCE(array_length(t.positions, 1), 1)), 0) FROM unnest(k.search_vector) t);

INSERT INTO knowledge_terms (chunk_id, chatbot_id, term, tf, chunk_length)
SELECT k.id, k.chatbot_id, t.lexeme, COALESCE(array_length(t.positions, 1), 1), k.term_count
FROM knowledge_chunks k, unnest(k.search_vector) t;
