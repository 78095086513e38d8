-- How each voice turn's words arrived (issue 32): the provider's speech-to-text, the browser's own
-- recognizer, or typed. A boolean "transcribed" could not tell a turn the browser heard from a typed
-- one, so the Calls view called both "sent as text". Existing turns keep what was known: transcribed
-- ones were heard by speech-to-text, the rest were text (typed, or recognised but not said so).

ALTER TABLE voice_messages ADD COLUMN heard_by text NOT NULL DEFAULT 'typed';
UPDATE voice_messages SET heard_by = 'speech-to-text' WHERE transcribed;
ALTER TABLE voice_messages ADD CONSTRAINT voice_messages_heard_by_check
    CHECK (heard_by IN ('speech-to-text', 'browser', 'typed'));
ALTER TABLE voice_messages DROP COLUMN transcribed;
