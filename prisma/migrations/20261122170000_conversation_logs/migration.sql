-- Conversation logs: what visitors of an embedded chatbot (and its owner, in the preview) asked, what
-- it answered and from which passages, feedback, leads and their webhook deliveries.
-- docs/decisions/0019-conversation-logs.md

-- How long conversations are kept (a job deletes older ones); the lead webhook and its signing key.
ALTER TABLE chatbots
    ADD COLUMN retention_days integer NOT NULL DEFAULT 90,
    ADD COLUMN lead_webhook_url text,
    ADD COLUMN lead_webhook_secret text;

CREATE TABLE chatbot_conversations (
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    chatbot_id uuid NOT NULL,
    -- The widget's own id for the conversation, and its anonymous visitor id (never a person's name).
    client_id text NOT NULL,
    visitor_id text NOT NULL,
    -- 'embed' (a visitor) or 'test' (the owner's preview).
    kind text NOT NULL DEFAULT 'embed',
    page_url text,
    country text,
    -- SHA-256 of the address with a salt that changes daily: counts visitors, cannot be reversed.
    ip_hash text,
    started_at timestamptz(6) NOT NULL DEFAULT now(),
    last_message_at timestamptz(6) NOT NULL DEFAULT now(),
    message_count integer NOT NULL DEFAULT 0,
    unanswered_count integer NOT NULL DEFAULT 0,
    thumbs_up integer NOT NULL DEFAULT 0,
    thumbs_down integer NOT NULL DEFAULT 0,
    CONSTRAINT chatbot_conversations_pkey PRIMARY KEY (id),
    CONSTRAINT chatbot_conversations_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX chatbot_conversations_chatbot_id_visitor_id_client_id_key ON chatbot_conversations(chatbot_id, visitor_id, client_id);
-- The owner's list: newest first, a page at a time (keyset on last_message_at, id).
CREATE INDEX chatbot_conversations_chatbot_id_last_message_at_id_idx ON chatbot_conversations(chatbot_id, last_message_at DESC, id DESC);
CREATE INDEX chatbot_conversations_last_message_at_idx ON chatbot_conversations(last_message_at);

CREATE TABLE chatbot_messages (
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    conversation_id uuid NOT NULL,
    chatbot_id uuid NOT NULL,
    role text NOT NULL,
    text text NOT NULL,
    created_at timestamptz(6) NOT NULL DEFAULT now(),
    -- Answers only: time to the first word and to the last, the model, whether it answered (not an
    -- "I don't know"), the passages retrieved with their scores, and the visitor's feedback.
    first_token_ms integer,
    latency_ms integer,
    model text,
    answered boolean,
    sources jsonb,
    feedback text,
    feedback_comment text,
    -- An unanswered reply the owner has since answered ("Add an answer").
    resolved_at timestamptz(6),
    search_vector tsvector GENERATED ALWAYS AS (to_tsvector('english', left(text, 20000))) STORED,
    CONSTRAINT chatbot_messages_pkey PRIMARY KEY (id),
    CONSTRAINT chatbot_messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES chatbot_conversations(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX chatbot_messages_conversation_id_created_at_idx ON chatbot_messages(conversation_id, created_at);
CREATE INDEX chatbot_messages_chatbot_id_created_at_idx ON chatbot_messages(chatbot_id, created_at DESC);
CREATE INDEX chatbot_messages_search_vector_idx ON chatbot_messages USING GIN (search_vector);

CREATE TABLE chatbot_leads (
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    chatbot_id uuid NOT NULL,
    conversation_id uuid,
    name text,
    email text,
    phone text,
    page_url text,
    created_at timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT chatbot_leads_pkey PRIMARY KEY (id),
    CONSTRAINT chatbot_leads_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT chatbot_leads_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES chatbot_conversations(id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX chatbot_leads_chatbot_id_created_at_idx ON chatbot_leads(chatbot_id, created_at DESC);
CREATE INDEX chatbot_leads_conversation_id_idx ON chatbot_leads(conversation_id);

-- Each attempt to deliver a lead to the owner's webhook.
CREATE TABLE lead_webhook_deliveries (
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    lead_id uuid NOT NULL,
    chatbot_id uuid NOT NULL,
    attempt integer NOT NULL,
    url text NOT NULL,
    status text NOT NULL,
    response_status integer,
    error text,
    created_at timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT lead_webhook_deliveries_pkey PRIMARY KEY (id),
    CONSTRAINT lead_webhook_deliveries_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES chatbot_leads(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX lead_webhook_deliveries_chatbot_id_created_at_idx ON lead_webhook_deliveries(chatbot_id, created_at DESC);
CREATE INDEX lead_webhook_deliveries_lead_id_idx ON lead_webhook_deliveries(lead_id);

-- The owner's open Conversations page hears of new and updated conversations, as the dashboard does.
CREATE OR REPLACE FUNCTION notify_chatbot_conversation_change() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify(
        'chatbot_conversations_changes',
        json_build_object('op', TG_OP, 'id', COALESCE(NEW.id, OLD.id), 'chatbotId', COALESCE(NEW.chatbot_id, OLD.chatbot_id))::text
    );
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER chatbot_conversations_notify
    AFTER INSERT OR UPDATE ON chatbot_conversations
    FOR EACH ROW EXECUTE FUNCTION notify_chatbot_conversation_change();
