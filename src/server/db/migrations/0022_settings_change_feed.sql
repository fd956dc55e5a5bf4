-- Settings join the gate's change feed (0020): any write to app_config sends `c:<key>` on rb_gate
-- from the writing transaction, so every instance's content-endpoint settings (response rules,
-- limits, the subscription domain) are reloaded at the next request after the commit instead of
-- after a TTL. Statement-level would do for the reload, but the key says what changed in logs.
CREATE OR REPLACE FUNCTION rb_gate_notify_setting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rb_gate', 'c:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rb_gate_app_config_write AFTER INSERT OR UPDATE OR DELETE ON app_config FOR EACH ROW EXECUTE FUNCTION rb_gate_notify_setting();
