-- A chatbot's knowledge becomes a list of sources (typed text, files, web pages, whole websites),
-- each with its status and counters; a website's pages are rows of their own; every chunk names
-- its source (and page). docs/decisions/0016-knowledge-sources.md

CREATE TABLE knowledge_sources (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    chatbot_id uuid NOT NULL REFERENCES chatbots(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('text', 'file', 'page', 'website')),
    -- The file name or the URL; empty for typed text.
    origin text NOT NULL DEFAULT '',
    title text,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'ready', 'failed', 'cancelled')),
    error text,
    -- Crawl settings: page cap, depth, byte cap, include and exclude patterns.
    options jsonb NOT NULL DEFAULT '{}',
    sync_schedule text NOT NULL DEFAULT 'off' CHECK (sync_schedule IN ('off', 'daily', 'weekly')),
    -- An uploaded file waiting to be read; cleared once it is.
    file_data bytea,
    -- Each sync is a new run; jobs of an older run do nothing.
    run integer NOT NULL DEFAULT 1,
    -- The crawl's robots.txt (as fetched at the start of the run) and the delay it asks for.
    robots_txt text,
    crawl_delay_ms integer NOT NULL DEFAULT 0,
    pages_found integer NOT NULL DEFAULT 0,
    pages_fetched integer NOT NULL DEFAULT 0,
    pages_indexed integer NOT NULL DEFAULT 0,
    pages_unchanged integer NOT NULL DEFAULT 0,
    pages_skipped integer NOT NULL DEFAULT 0,
    pages_failed integer NOT NULL DEFAULT 0,
    pages_done integer NOT NULL DEFAULT 0,
    bytes_fetched bigint NOT NULL DEFAULT 0,
    chars integer NOT NULL DEFAULT 0,
    chunk_count integer NOT NULL DEFAULT 0,
    started_at timestamptz(6),
    synced_at timestamptz(6),
    created_at timestamptz(6) NOT NULL DEFAULT now(),
    updated_at timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX knowledge_sources_chatbot_id_created_at_idx ON knowledge_sources (chatbot_id, created_at);
CREATE UNIQUE INDEX knowledge_sources_one_text_per_chatbot ON knowledge_sources (chatbot_id) WHERE kind = 'text';
CREATE INDEX knowledge_sources_sync_schedule_idx ON knowledge_sources (sync_schedule, synced_at) WHERE sync_schedule <> 'off';

CREATE TABLE knowledge_pages (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    source_id uuid NOT NULL REFERENCES knowledge_sources(id) ON DELETE CASCADE,
    url text NOT NULL,
    depth integer NOT NULL DEFAULT 0,
    run integer NOT NULL,
    status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'indexed', 'unchanged', 'skipped', 'failed')),
    error text,
    title text,
    content_hash text,
    etag text,
    last_modified text,
    chars integer NOT NULL DEFAULT 0,
    -- Its on-site links, so a re-sync that finds the page unchanged still reaches the pages below it.
    links text[] NOT NULL DEFAULT '{}',
    fetched_at timestamptz(6),
    UNIQUE (source_id, url)
);
CREATE INDEX knowledge_pages_source_id_content_hash_idx ON knowledge_pages (source_id, content_hash);

-- Each chatbot's text becomes its text source; its chunks move there. Nothing is lost.
INSERT INTO knowledge_sources (chatbot_id, kind, status, chars, chunk_count, synced_at, created_at)
SELECT c.id, 'text', 'ready', length(c.knowledge_base),
       (SELECT count(*) FROM knowledge_chunks k WHERE k.chatbot_id = c.id), c.created_at, c.created_at
FROM chatbots c;

ALTER TABLE knowledge_chunks
    ADD COLUMN source_id uuid REFERENCES knowledge_sources(id) ON DELETE CASCADE,
    ADD COLUMN page_id uuid REFERENCES knowledge_pages(id) ON DELETE CASCADE;
UPDATE knowledge_chunks k SET source_id = s.id FROM knowledge_sources s WHERE s.chatbot_id = k.chatbot_id AND s.kind = 'text';
ALTER TABLE knowledge_chunks ALTER COLUMN source_id SET NOT NULL;
-- Positions now count within a source (or a page), not across the chatbot.
ALTER TABLE knowledge_chunks DROP CONSTRAINT IF EXISTS knowledge_chunks_chatbot_id_position_key;
DROP INDEX IF EXISTS knowledge_chunks_chatbot_id_position_key;
CREATE INDEX knowledge_chunks_chatbot_id_idx ON knowledge_chunks (chatbot_id);
CREATE INDEX knowledge_chunks_source_id_idx ON knowledge_chunks (source_id);
CREATE INDEX knowledge_chunks_page_id_idx ON knowledge_chunks (page_id);

-- Job workers say they are alive here; jobs locked by a worker that stopped saying so (a killed
-- process) are unlocked by the others (app/lib/jobs/job-worker.server.ts).
CREATE TABLE job_worker_heartbeats (
    worker_id text PRIMARY KEY,
    seen_at timestamptz(6) NOT NULL DEFAULT now()
);
