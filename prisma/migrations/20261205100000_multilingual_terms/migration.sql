-- The tokenizer reads every language the product speaks (docs/decisions/0055-languages.md): its
-- TERMS_VERSION is 3. The retokenize-knowledge job finds the chunks made by an earlier one by this
-- partial index, which now covers versions 1 and 2.
DROP INDEX IF EXISTS knowledge_chunks_old_terms_idx;
CREATE INDEX knowledge_chunks_old_terms_idx ON knowledge_chunks (id) WHERE terms_version < 3;
