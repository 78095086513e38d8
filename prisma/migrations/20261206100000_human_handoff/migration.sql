-- A person can step in: a visitor asks for a human, the chatbot's owner takes the conversation over
-- from the Playground and hands it back. docs/decisions/0061-live-handoff-over-listen-notify.md

-- The chatbot's handoff settings (on/off, how long a visitor waits, opening hours), read field by
-- field over the defaults (app/features/chatbots/handoff/handoff-settings.ts).
ALTER TABLE chatbots ADD COLUMN handoff jsonb NOT NULL DEFAULT '{}';

-- Who answers the conversation now: the bot, nobody yet (a visitor waits for a person), or a person
-- (the member who took it over). The typing stamps drive each side's typing indicator. Every change
-- of these columns is NOTIFYed by the existing chatbot_conversations trigger (ids only): each app
-- instance re-reads the row for its own streams.
ALTER TABLE chatbot_conversations
    ADD COLUMN handoff_state text NOT NULL DEFAULT 'bot' CHECK (handoff_state IN ('bot', 'waiting', 'person')),
    ADD COLUMN handoff_requested_at timestamptz(6),
    ADD COLUMN handoff_user_id uuid,
    ADD COLUMN visitor_typing_at timestamptz(6),
    ADD COLUMN person_typing_at timestamptz(6),
    ADD CONSTRAINT chatbot_conversations_handoff_user_id_fkey FOREIGN KEY (handoff_user_id) REFERENCES users(id) ON DELETE SET NULL ON UPDATE CASCADE;
-- The owner's "waiting for a person" list: few rows, found without scanning a chatbot's history.
CREATE INDEX chatbot_conversations_handoff_idx ON chatbot_conversations(chatbot_id, handoff_state) WHERE handoff_state <> 'bot';

-- Who wrote each message: the bot, a person of the team (and which member), or the visitor.
ALTER TABLE chatbot_messages
    ADD COLUMN author text NOT NULL DEFAULT 'bot' CHECK (author IN ('bot', 'person', 'visitor')),
    ADD COLUMN author_user_id uuid,
    ADD CONSTRAINT chatbot_messages_author_user_id_fkey FOREIGN KEY (author_user_id) REFERENCES users(id) ON DELETE SET NULL ON UPDATE CASCADE;
UPDATE chatbot_messages SET author = 'visitor' WHERE role = 'user';
