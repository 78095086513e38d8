-- The embedded widget's settings: its appearance (colour, texts, icon, launcher, sources shown) and
-- the sites allowed to embed it (host patterns; none means anywhere). docs/decisions/0018-embed-widget.md
ALTER TABLE chatbots ADD COLUMN appearance jsonb NOT NULL DEFAULT '{}';
ALTER TABLE chatbots ADD COLUMN allowed_sites text[] NOT NULL DEFAULT '{}';
