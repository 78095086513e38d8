-- The assistant that took a call, by the name it had then (issue 32): the dashboard names it, and
-- says "Deleted assistant" once the assistant is gone (agent_id is set to null on delete, this stays).
ALTER TABLE "call_logs" ADD COLUMN "agent_name" TEXT;
UPDATE "call_logs" c SET "agent_name" = a."name" FROM "agents" a WHERE c."agent_id" = a."id";
