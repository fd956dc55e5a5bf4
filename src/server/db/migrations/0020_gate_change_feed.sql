-- The subscription gate's change feed (src/server/services/subscription-content/read-model/): every
-- change that can revoke or alter what the content endpoint serves sends a NOTIFY on channel
-- rb_gate, from the writing transaction itself, delivered only if it commits. Instances keep an
-- in-process read model and drop the entries a message names. Triggers, not application code, so no
-- write path (services, jobs, CLI, a hand-run UPDATE) can forget to tell the instances.
-- Traffic counters change on every traffic sync and decide nothing at the gate (the lifecycle flips
-- the status when a quota runs out): their message carries the new figures, which instances patch
-- into the entry they hold instead of reading the row again.
-- Payloads: s:<subscription>:<old owner>:<new owner>, t:<subscription>:<up>:<down>:<used>,
-- u:<user>, p:<plan>, n:<node>.
CREATE OR REPLACE FUNCTION rb_gate_notify_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('rb_gate', 's:' || OLD.id || ':' || OLD.user_id || ':' || OLD.user_id);
    RETURN OLD;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('rb_gate', 's:' || NEW.id || ':' || NEW.user_id || ':' || NEW.user_id);
  ELSE
    PERFORM pg_notify('rb_gate', 's:' || NEW.id || ':' || OLD.user_id || ':' || NEW.user_id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER rb_gate_subscriptions_write AFTER INSERT OR DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION rb_gate_notify_subscription();--> statement-breakpoint
CREATE TRIGGER rb_gate_subscriptions_update AFTER UPDATE ON subscriptions FOR EACH ROW WHEN (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.risk_restricted IS DISTINCT FROM NEW.risk_restricted
  OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.traffic_limit_bytes IS DISTINCT FROM NEW.traffic_limit_bytes
  OR OLD.content_version IS DISTINCT FROM NEW.content_version OR OLD.node_id IS DISTINCT FROM NEW.node_id
  OR OLD.plan_id IS DISTINCT FROM NEW.plan_id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.kind IS DISTINCT FROM NEW.kind
  OR OLD.download_token_hash IS DISTINCT FROM NEW.download_token_hash
) EXECUTE FUNCTION rb_gate_notify_subscription();--> statement-breakpoint
CREATE OR REPLACE FUNCTION rb_gate_notify_traffic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rb_gate', 't:' || NEW.id || ':' || NEW.traffic_up_bytes || ':' || NEW.traffic_down_bytes || ':' || NEW.traffic_used_bytes);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rb_gate_subscriptions_traffic AFTER UPDATE ON subscriptions FOR EACH ROW WHEN (
  OLD.traffic_up_bytes IS DISTINCT FROM NEW.traffic_up_bytes OR OLD.traffic_down_bytes IS DISTINCT FROM NEW.traffic_down_bytes
  OR OLD.traffic_used_bytes IS DISTINCT FROM NEW.traffic_used_bytes
) EXECUTE FUNCTION rb_gate_notify_traffic();--> statement-breakpoint
CREATE OR REPLACE FUNCTION rb_gate_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rb_gate', TG_ARGV[0] || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rb_gate_users_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION rb_gate_notify_row('u');--> statement-breakpoint
CREATE TRIGGER rb_gate_users_update AFTER UPDATE ON users FOR EACH ROW WHEN (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.email IS DISTINCT FROM NEW.email
  OR OLD.subscription_token_hash IS DISTINCT FROM NEW.subscription_token_hash
) EXECUTE FUNCTION rb_gate_notify_row('u');--> statement-breakpoint
CREATE TRIGGER rb_gate_plans_delete AFTER DELETE ON plans FOR EACH ROW EXECUTE FUNCTION rb_gate_notify_row('p');--> statement-breakpoint
CREATE TRIGGER rb_gate_plans_update AFTER UPDATE ON plans FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.device_limit IS DISTINCT FROM NEW.device_limit
) EXECUTE FUNCTION rb_gate_notify_row('p');--> statement-breakpoint
CREATE TRIGGER rb_gate_nodes_delete AFTER DELETE ON nodes FOR EACH ROW EXECUTE FUNCTION rb_gate_notify_row('n');--> statement-breakpoint
CREATE TRIGGER rb_gate_nodes_update AFTER UPDATE ON nodes FOR EACH ROW WHEN (
  OLD.name IS DISTINCT FROM NEW.name OR OLD.content_version IS DISTINCT FROM NEW.content_version
) EXECUTE FUNCTION rb_gate_notify_row('n');
