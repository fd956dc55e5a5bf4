CREATE TABLE "subscription_access_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid,
	"user_id" uuid,
	"node_id" uuid,
	"source" text DEFAULT 'API' NOT NULL,
	"outcome" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_access_logs_source_check" CHECK ("subscription_access_logs"."source" in ('API', 'NODE'))
);
--> statement-breakpoint
CREATE TABLE "traffic_daily" (
	"day" date NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"up_bytes" bigint DEFAULT 0 NOT NULL,
	"down_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_day_subscription_id_node_id_pk" PRIMARY KEY("day","subscription_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "traffic_reset_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"strategy" text NOT NULL,
	"used_bytes" bigint NOT NULL,
	"up_bytes" bigint NOT NULL,
	"down_bytes" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscription_token_enc" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "public_host" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "content_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "drift" jsonb;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "drift_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "traffic_reset_strategy" text DEFAULT 'NEVER' NOT NULL;--> statement-breakpoint
ALTER TABLE "node_clients" ADD COLUMN "last_up_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "node_clients" ADD COLUMN "last_down_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "traffic_up_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "traffic_down_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_traffic_reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "risk_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "content_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD CONSTRAINT "subscription_access_logs_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD CONSTRAINT "subscription_access_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD CONSTRAINT "subscription_access_logs_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_daily" ADD CONSTRAINT "traffic_daily_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_daily" ADD CONSTRAINT "traffic_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_daily" ADD CONSTRAINT "traffic_daily_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_reset_logs" ADD CONSTRAINT "traffic_reset_logs_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_access_logs_sub_idx" ON "subscription_access_logs" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_user_idx" ON "subscription_access_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_created_idx" ON "subscription_access_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "traffic_daily_node_idx" ON "traffic_daily" USING btree ("node_id","day");--> statement-breakpoint
CREATE INDEX "traffic_daily_user_idx" ON "traffic_daily" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "traffic_reset_logs_sub_idx" ON "traffic_reset_logs" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "traffic_reset_logs_once_key" ON "traffic_reset_logs" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "users_subscription_token_hash_key" ON "users" USING btree ("subscription_token_hash");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_traffic_reset_check" CHECK ("plans"."traffic_reset_strategy" in ('NEVER', 'MONTHLY_PURCHASE_DAY', 'MONTHLY_FIRST'));