-- Initial schema: accounts, sessions and the three tables the spec names.
-- gen_random_uuid() is built into PostgreSQL 13+.

CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "full_name" TEXT,
    "email_verified_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

CREATE TABLE "chatbots" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "knowledge_base" TEXT NOT NULL,
    "system_prompt" TEXT NOT NULL,
    "embed_code" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "chatbots_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "chatbots_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "chatbots_user_id_created_at_idx" ON "chatbots"("user_id", "created_at" DESC);

CREATE TABLE "agents" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "instructions" TEXT NOT NULL,
    "first_message" TEXT NOT NULL,
    "voice_id" TEXT NOT NULL DEFAULT 'alloy',
    "eleven_agent_id" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "voice_settings" JSONB NOT NULL DEFAULT '{"stability": 0.5, "similarity_boost": 0.5, "style": 0, "use_speaker_boost": true}',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "agents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "agents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "agents_user_id_created_at_idx" ON "agents"("user_id", "created_at" DESC);

CREATE TABLE "call_logs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "customer_name" TEXT,
    "customer_phone" TEXT,
    "customer_email" TEXT,
    "call_duration" INTEGER NOT NULL DEFAULT 0,
    "call_status" TEXT NOT NULL DEFAULT 'completed',
    "transcript" TEXT,
    "inquiry_details" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "call_logs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "call_logs_created_at_idx" ON "call_logs"("created_at" DESC);
