-- The model that answered a voice conversation's replies (issue 28: the owner always knows what is
-- answering), as the pages name it ("Offline model", "Groq llama-3.1-8b-instant"). Null for calls
-- logged before it was kept, or logged otherwise. docs/decisions/0028-prompt-parts-apart.md
ALTER TABLE call_logs ADD COLUMN model text;
