-- Test sets of chatbots: the owner's questions with what a right answer holds, runs of them against
-- the chatbot's answer path, and each run's result per test. Every row hangs off its chatbot (and goes
-- with it). docs/decisions/0057-chatbot-test-sets.md

CREATE TABLE chatbot_tests (
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    chatbot_id uuid NOT NULL,
    question text NOT NULL,
    -- Alternatives: the reply passes when it holds any one of them; none: any answer that is not
    -- "I don't know" passes.
    expected text[] NOT NULL DEFAULT '{}',
    -- A page's address or a file's name (part of one) the reply must cite.
    cite text,
    -- The chatbot must say it does not know.
    must_decline boolean NOT NULL DEFAULT false,
    -- 'manual', 'csv', 'unanswered', 'suggested'.
    origin text NOT NULL DEFAULT 'manual',
    created_at timestamptz(6) NOT NULL DEFAULT now(),
    updated_at timestamptz(6) NOT NULL DEFAULT now(),
    CONSTRAINT chatbot_tests_pkey PRIMARY KEY (id),
    CONSTRAINT chatbot_tests_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT chatbot_tests_question_length CHECK (char_length(question) BETWEEN 1 AND 500),
    CONSTRAINT chatbot_tests_cite_length CHECK (cite IS NULL OR char_length(cite) <= 500)
);
CREATE UNIQUE INDEX chatbot_tests_chatbot_id_question_key ON chatbot_tests(chatbot_id, question);

CREATE TABLE chatbot_test_runs (
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    chatbot_id uuid NOT NULL,
    -- What started it: 'manual', 'sources', 'settings', 'schedule'.
    trigger text NOT NULL,
    -- 'queued', 'running', 'done', 'failed'.
    status text NOT NULL DEFAULT 'queued',
    total integer NOT NULL DEFAULT 0,
    done integer NOT NULL DEFAULT 0,
    passed integer NOT NULL DEFAULT 0,
    failed integer NOT NULL DEFAULT 0,
    regressions integer NOT NULL DEFAULT 0,
    model text,
    error text,
    created_at timestamptz(6) NOT NULL DEFAULT now(),
    started_at timestamptz(6),
    finished_at timestamptz(6),
    CONSTRAINT chatbot_test_runs_pkey PRIMARY KEY (id),
    CONSTRAINT chatbot_test_runs_chatbot_id_fkey FOREIGN KEY (chatbot_id) REFERENCES chatbots(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX chatbot_test_runs_chatbot_id_created_at_idx ON chatbot_test_runs(chatbot_id, created_at DESC);

CREATE TABLE chatbot_test_results (
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    run_id uuid NOT NULL,
    test_id uuid NOT NULL,
    passed boolean NOT NULL,
    -- Failing now, passing in the run before.
    regression boolean NOT NULL DEFAULT false,
    -- Why it passed or failed, in words.
    reason text NOT NULL,
    reply text NOT NULL,
    answered boolean NOT NULL,
    -- The passages retrieval gave the model, with their scores, and the ones the reply cited.
    passages jsonb NOT NULL DEFAULT '[]',
    cited jsonb NOT NULL DEFAULT '[]',
    CONSTRAINT chatbot_test_results_pkey PRIMARY KEY (id),
    CONSTRAINT chatbot_test_results_run_id_fkey FOREIGN KEY (run_id) REFERENCES chatbot_test_runs(id) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT chatbot_test_results_test_id_fkey FOREIGN KEY (test_id) REFERENCES chatbot_tests(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX chatbot_test_results_run_id_test_id_key ON chatbot_test_results(run_id, test_id);
CREATE INDEX chatbot_test_results_test_id_idx ON chatbot_test_results(test_id);
