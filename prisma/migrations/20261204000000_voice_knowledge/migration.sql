-- Voice assistants answer from knowledge (issue 32, ADR 0054). An assistant's own sources live in
-- the one knowledge pipeline under a knowledge-only chatbot row that the assistant owns
-- (chatbots.voice_agent_id; never listed, never embedded); or the assistant answers from one of
-- its owner's chatbots (agents.knowledge_chatbot_id).
ALTER TABLE chatbots ADD COLUMN voice_agent_id uuid REFERENCES agents(id) ON DELETE CASCADE;
CREATE UNIQUE INDEX chatbots_voice_agent_id_key ON chatbots (voice_agent_id);

ALTER TABLE agents ADD COLUMN knowledge_chatbot_id uuid REFERENCES chatbots(id) ON DELETE SET NULL;

-- The passages a voice reply cites, as the API returned them ([{ number, title, url }], "[number]" in the reply).
ALTER TABLE voice_messages ADD COLUMN sources jsonb NOT NULL DEFAULT '[]'::jsonb;
