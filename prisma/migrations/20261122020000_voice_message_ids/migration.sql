-- A voice API message sent again with the same client message id (a retry after a lost answer) gets
-- the stored turn back instead of a second one: one row per conversation and client message id.
CREATE TABLE "voice_messages" (
    "conversation_id" UUID NOT NULL,
    "client_message_id" TEXT NOT NULL,
    "heard" TEXT NOT NULL,
    "reply" TEXT NOT NULL,
    "transcribed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "voice_messages_pkey" PRIMARY KEY ("conversation_id", "client_message_id")
);
ALTER TABLE "voice_messages" ADD CONSTRAINT "voice_messages_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "call_logs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
