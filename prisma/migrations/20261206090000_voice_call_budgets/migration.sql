-- A voice conversation's own budgets (ADR 0060), beside its call_logs row so that counting does not
-- announce a change to the live dashboard (call_logs' trigger notifies on every update):
-- `messages`: the caller's messages taken (a slot is reserved atomically before any provider is
--   paid, so parallel requests cannot pass the 50-message cap);
-- `speech_chars`: the characters /speech has spoken in it (capped by what the assistant said);
-- `reply_draft`: the reply being streamed, as far as its last complete sentence, so /speech can
--   speak a sentence before the turn is stored.
CREATE TABLE voice_call_budgets (
    conversation_id uuid PRIMARY KEY REFERENCES call_logs(id) ON DELETE CASCADE,
    messages integer NOT NULL DEFAULT 0,
    speech_chars integer NOT NULL DEFAULT 0,
    reply_draft text
);

-- Conversations under way keep the messages they have taken.
INSERT INTO voice_call_budgets (conversation_id, messages)
SELECT c.id, (SELECT count(*) FROM voice_messages m WHERE m.conversation_id = c.id)::int
FROM call_logs c WHERE c.agent_id IS NOT NULL AND c.call_status = 'in-progress';
