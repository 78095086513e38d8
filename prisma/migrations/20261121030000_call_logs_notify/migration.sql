-- Live dashboard: every change to call_logs, from any app instance or from psql, is announced on
-- the 'call_logs_changes' channel. The payload is only the operation and the row id (NOTIFY
-- payloads are limited to 8000 bytes); listeners read the rows themselves.
CREATE OR REPLACE FUNCTION notify_call_logs_change() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify(
        'call_logs_changes',
        json_build_object('op', TG_OP, 'id', COALESCE(NEW.id, OLD.id))::text
    );
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER call_logs_notify
    AFTER INSERT OR UPDATE OR DELETE ON "call_logs"
    FOR EACH ROW EXECUTE FUNCTION notify_call_logs_change();

-- Stats count by status over all rows.
CREATE INDEX "call_logs_call_status_idx" ON "call_logs"("call_status");
