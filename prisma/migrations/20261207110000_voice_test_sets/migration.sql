-- A voice assistant's test set (issue 33): the same tests and runs as a chatbot's, each belonging to
-- one subject, a chatbot or a voice assistant, never both. Results hang off their run and test as
-- before. docs/decisions/0062-voice-test-sets.md

ALTER TABLE chatbot_tests ALTER COLUMN chatbot_id DROP NOT NULL;
ALTER TABLE chatbot_tests ADD COLUMN agent_id uuid;
ALTER TABLE chatbot_tests ADD CONSTRAINT chatbot_tests_agent_id_fkey
    FOREIGN KEY (agent_id) REFERENCES agents(id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE chatbot_tests ADD CONSTRAINT chatbot_tests_one_subject CHECK (num_nonnulls(chatbot_id, agent_id) = 1);
-- A question once per assistant, as per chatbot (the chatbots' index leaves an assistant's rows, whose
-- chatbot_id is null, apart).
CREATE UNIQUE INDEX chatbot_tests_agent_id_question_key ON chatbot_tests(agent_id, question);

ALTER TABLE chatbot_test_runs ALTER COLUMN chatbot_id DROP NOT NULL;
ALTER TABLE chatbot_test_runs ADD COLUMN agent_id uuid;
ALTER TABLE chatbot_test_runs ADD CONSTRAINT chatbot_test_runs_agent_id_fkey
    FOREIGN KEY (agent_id) REFERENCES agents(id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE chatbot_test_runs ADD CONSTRAINT chatbot_test_runs_one_subject CHECK (num_nonnulls(chatbot_id, agent_id) = 1);
CREATE INDEX chatbot_test_runs_agent_id_created_at_idx ON chatbot_test_runs(agent_id, created_at DESC);
