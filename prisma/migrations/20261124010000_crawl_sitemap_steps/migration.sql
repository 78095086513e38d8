-- A crawl reads each sitemap in a job of its own (crawl-sitemap): the sitemaps a run has claimed,
-- and those it has read; the run is not done while one is unread. docs/decisions/0022-fair-background-work.md
ALTER TABLE knowledge_sources
	ADD COLUMN sitemaps_found text[] NOT NULL DEFAULT '{}',
	ADD COLUMN sitemaps_read text[] NOT NULL DEFAULT '{}';
