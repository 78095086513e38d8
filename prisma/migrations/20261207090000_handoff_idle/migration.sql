-- A conversation a person took over goes back to the bot when that person has left it: the last
-- sign of them (taking it over, a message, typing, or the conversation open in front of them),
-- stamped here and read by the `handoff-idle` job, which each take-over queues.
-- docs/decisions/0061-live-handoff-over-listen-notify.md
ALTER TABLE chatbot_conversations ADD COLUMN person_active_at timestamptz(6);

-- Conversations held now were taken over before there was such a job: they count from now, and get
-- theirs here (the job queue's schema exists on any database that has run the app).
UPDATE chatbot_conversations SET person_active_at = now() WHERE handoff_state = 'person';
DO $$
BEGIN
    IF to_regnamespace('graphile_worker') IS NOT NULL THEN
        PERFORM graphile_worker.add_job(
            'handoff-idle',
            json_build_object('conversationId', id),
            run_at => now() + interval '10 minutes',
            job_key => 'handoff-idle:' || id,
            max_attempts => 10
        )
        FROM chatbot_conversations WHERE handoff_state = 'person';
    END IF;
END $$;
