-- One tokenizer (app/ai/terms.ts) for indexing and for questions: a chunk's terms are made in the
-- app, no longer by PostgreSQL's to_tsvector, with the word indexes of each term for phrases and
-- nearness. Chunks indexed before keep their terms (the same English stems, for plain words) until
-- the `retokenize-knowledge` job makes them again. docs/decisions/0034-one-tokenizer.md
ALTER TABLE knowledge_terms ADD COLUMN positions integer[] NOT NULL DEFAULT '{}';
ALTER TABLE knowledge_chunks ADD COLUMN terms_version smallint NOT NULL DEFAULT 1;
-- The tsvector was read only for the positions now kept with the terms.
ALTER TABLE knowledge_chunks DROP COLUMN search_vector;
-- The job finds the chunks still to re-make without reading the others.
CREATE INDEX knowledge_chunks_old_terms_idx ON knowledge_chunks (id) WHERE terms_version < 2;
