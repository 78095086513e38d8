-- Model providers connected on the Models page, and the model each chatbot and voice assistant answers with.
CREATE TABLE model_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL,
  provider text NOT NULL,
  name text NOT NULL,
  base_url text NOT NULL,
  model text,
  models text[] NOT NULL DEFAULT '{}',
  sealed_key text NOT NULL,
  key_hint text NOT NULL,
  last_tested_at timestamptz(6),
  last_outcome text,
  last_message text,
  created_at timestamptz(6) NOT NULL DEFAULT now(),
  updated_at timestamptz(6) NOT NULL DEFAULT now()
);
CREATE INDEX model_connections_purpose_created_at_idx ON model_connections (purpose, created_at);

ALTER TABLE chatbots
  ADD COLUMN answer_model text NOT NULL DEFAULT 'default',
  ADD COLUMN model_connection_id uuid REFERENCES model_connections (id) ON DELETE SET NULL ON UPDATE CASCADE,
  ADD COLUMN model_name text,
  ADD COLUMN temperature double precision NOT NULL DEFAULT 0.7,
  ADD COLUMN offline_fallback boolean NOT NULL DEFAULT false,
  ADD COLUMN model_failure text,
  ADD COLUMN model_failure_at timestamptz(6);

ALTER TABLE agents
  ADD COLUMN answer_model text NOT NULL DEFAULT 'default',
  ADD COLUMN model_connection_id uuid REFERENCES model_connections (id) ON DELETE SET NULL ON UPDATE CASCADE,
  ADD COLUMN model_name text,
  ADD COLUMN temperature double precision NOT NULL DEFAULT 0.7,
  ADD COLUMN offline_fallback boolean NOT NULL DEFAULT false,
  ADD COLUMN model_failure text,
  ADD COLUMN model_failure_at timestamptz(6);

ALTER TABLE chatbot_messages ADD COLUMN model_error text;
ALTER TABLE voice_messages ADD COLUMN model text, ADD COLUMN model_error text;
