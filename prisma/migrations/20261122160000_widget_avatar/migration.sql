-- The widget's avatar: the owner's picture as re-encoded in the sandbox (a 96 px square PNG).
-- docs/decisions/0018-embed-widget.md
ALTER TABLE chatbots ADD COLUMN avatar bytea;
