-- The path of headings a knowledge chunk sits under ("Streams › Readable streams › readable.highWaterMark"),
-- kept by the chunker since knowledge text keeps its structure; null for chunks indexed before.
-- docs/decisions/0030-knowledge-text-format.md
ALTER TABLE knowledge_chunks ADD COLUMN heading text;
