-- Voice API conversations are call_logs rows: which agent took the call (kept when the agent is
-- deleted, as history), and when the conversation last moved (for the idle timeout).
ALTER TABLE "call_logs" ADD COLUMN "agent_id" UUID;
ALTER TABLE "call_logs" ADD COLUMN "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT now();
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "call_logs_agent_id_idx" ON "call_logs"("agent_id");
