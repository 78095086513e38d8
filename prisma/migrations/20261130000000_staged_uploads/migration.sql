-- Uploaded files' bytes on their way into a transaction (app/lib/large-values.server.ts): written by
-- node-postgres, copied by the transaction that makes them sources, then deleted. Unlogged: a row
-- lives for one request, and after a crash nobody waits for it.
CREATE UNLOGGED TABLE staged_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staged_uploads_created_at_idx ON staged_uploads (created_at);
