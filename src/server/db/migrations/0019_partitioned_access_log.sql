-- Issue 25: the access log becomes a table partitioned by UTC day (retention drops whole days instead
-- of deleting rows one by one) and loses its three foreign keys (ARCHITECTURE.md, "The access log":
-- each cost a parent lookup and a row lock per inserted row; the deletion paths now remove a user's
-- and a subscription's rows themselves). The ids keep their sequence, so no id changes or repeats.
-- Day partitions are named subscription_access_logs_pYYYYMMDD and created ahead by the hourly job
-- (services/logs/access-partitions.ts); the DEFAULT partition takes any row no day partition covers,
-- so an insert never fails because a job did not run.
ALTER TABLE "subscription_access_logs" RENAME TO "subscription_access_logs_unpartitioned";--> statement-breakpoint
ALTER TABLE "subscription_access_logs_unpartitioned" RENAME CONSTRAINT "subscription_access_logs_pkey" TO "subscription_access_logs_unpartitioned_pkey";--> statement-breakpoint
DROP INDEX "subscription_access_logs_sub_idx";--> statement-breakpoint
DROP INDEX "subscription_access_logs_user_idx";--> statement-breakpoint
DROP INDEX "subscription_access_logs_created_idx";--> statement-breakpoint
DROP INDEX "subscription_access_logs_ip_idx";--> statement-breakpoint
DROP INDEX "subscription_access_logs_source_idx";--> statement-breakpoint
DROP INDEX "subscription_access_logs_country_idx";--> statement-breakpoint
DROP INDEX "subscription_access_logs_node_idx";--> statement-breakpoint
ALTER TABLE "subscription_access_logs_unpartitioned" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER SEQUENCE "subscription_access_logs_id_seq" OWNED BY NONE;--> statement-breakpoint
CREATE TABLE "subscription_access_logs" (
	"id" bigint DEFAULT nextval('subscription_access_logs_id_seq'::regclass) NOT NULL,
	"subscription_id" uuid,
	"user_id" uuid,
	"node_id" uuid,
	"source" text DEFAULT 'API' NOT NULL,
	"outcome" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"inbound_tag" text DEFAULT '' NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"target_host" text DEFAULT '' NOT NULL,
	"target_port" integer,
	"connection_count" integer,
	"unique_target_count" integer,
	CONSTRAINT "subscription_access_logs_pkey" PRIMARY KEY ("id", "created_at"),
	CONSTRAINT "subscription_access_logs_source_check" CHECK ("source" in ('API', 'NODE'))
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
ALTER SEQUENCE "subscription_access_logs_id_seq" OWNED BY "subscription_access_logs"."id";--> statement-breakpoint
CREATE TABLE "subscription_access_logs_default" PARTITION OF "subscription_access_logs" DEFAULT;--> statement-breakpoint
-- One partition for every UTC day the existing rows cover (bounded by the retention already applied
-- to them), and for yesterday to a week ahead.
DO $$
DECLARE d date;
BEGIN
  FOR d IN
    SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date FROM "subscription_access_logs_unpartitioned"
    UNION
    SELECT g::date FROM generate_series((now() AT TIME ZONE 'UTC')::date - 1, (now() AT TIME ZONE 'UTC')::date + 7, interval '1 day') g
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "subscription_access_logs" FOR VALUES FROM (%L) TO (%L)',
      'subscription_access_logs_p' || to_char(d, 'YYYYMMDD'), d::text || ' 00:00:00+00', (d + 1)::text || ' 00:00:00+00');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "subscription_access_logs" ("id", "subscription_id", "user_id", "node_id", "source", "outcome", "ip", "user_agent", "format", "created_at",
	"country", "region", "city", "inbound_tag", "network", "action", "target_host", "target_port", "connection_count", "unique_target_count")
SELECT "id", "subscription_id", "user_id", "node_id", "source", "outcome", "ip", "user_agent", "format", "created_at",
	"country", "region", "city", "inbound_tag", "network", "action", "target_host", "target_port", "connection_count", "unique_target_count"
FROM "subscription_access_logs_unpartitioned";--> statement-breakpoint
DROP TABLE "subscription_access_logs_unpartitioned";--> statement-breakpoint
CREATE INDEX "subscription_access_logs_sub_idx" ON "subscription_access_logs" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_user_idx" ON "subscription_access_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_created_idx" ON "subscription_access_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_ip_idx" ON "subscription_access_logs" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_source_idx" ON "subscription_access_logs" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_country_idx" ON "subscription_access_logs" USING btree ("country","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_node_idx" ON "subscription_access_logs" USING btree ("node_id","created_at");
