-- Budget counters are written on every request they guard (a voice turn charges four of them before
-- its audio reaches the speech-to-text provider) and each write waited for its WAL flush. They are
-- not records: after a crash PostgreSQL empties an unlogged table, so limits start afresh, and a
-- voice conversation's 50-message cap still holds through its transcript (ADR 0063).
ALTER TABLE rate_limits SET UNLOGGED;
ALTER TABLE voice_call_budgets SET UNLOGGED;
