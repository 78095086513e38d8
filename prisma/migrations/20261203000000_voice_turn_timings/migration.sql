-- Each voice turn's latency (issue 32): milliseconds from the end of the caller's speech to the
-- transcript, the first reply token and the first audio, plus the server's own share. The shape is
-- app/features/voice/turn-timings.ts; null for turns taken before it was measured.
ALTER TABLE "voice_messages" ADD COLUMN "timings" JSONB;
