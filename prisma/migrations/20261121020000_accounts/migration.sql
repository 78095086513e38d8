-- Accounts: the development mail outbox and a shared store for rate limits.

-- Messages "sent" when no SMTP server is configured; the server log prints their links and tests
-- read them here.
CREATE TABLE "email_outbox" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text_body" TEXT NOT NULL,
    "html_body" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "email_outbox_to_address_created_at_idx" ON "email_outbox"("to_address", "created_at" DESC);

-- Fixed-window counters, shared by every app instance.
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(6) NOT NULL,
    "count" INTEGER NOT NULL,
    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits"("window_start");

-- Session lookups check expiry; sign-out everywhere deletes by user.
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");
