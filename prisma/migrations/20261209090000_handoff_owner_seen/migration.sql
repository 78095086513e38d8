-- When the owner last saw a conversation a person holds (its page loaded, or a visitor's message
-- reached their open page live): a visitor's message after it marks the conversation unread in the
-- owner's list of conversations with a person. docs/decisions/0073-handoff-owner-side-trial-fixes.md
ALTER TABLE chatbot_conversations ADD COLUMN owner_seen_at timestamptz(6);
