CREATE TABLE "risk_geo_marks" (
	"scope_key" text NOT NULL,
	"kind" text NOT NULL,
	"place" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"acknowledged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "risk_geo_marks_scope_key_kind_place_pk" PRIMARY KEY("scope_key","kind","place")
);
--> statement-breakpoint
CREATE TABLE "subscription_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hwid_hash" text NOT NULL,
	"device_os" text DEFAULT '' NOT NULL,
	"os_version" text DEFAULT '' NOT NULL,
	"device_model" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"last_ip" text DEFAULT '' NOT NULL,
	"last_place" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_risk_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid,
	"scope_key" text NOT NULL,
	"reason" text NOT NULL,
	"level" text NOT NULL,
	"day" date NOT NULL,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"review_status" text DEFAULT 'OPEN' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"report" text,
	"report_generated_at" timestamp with time zone,
	"report_sent_at" timestamp with time zone,
	"restriction_active" boolean DEFAULT false NOT NULL,
	"final_action" text,
	"final_action_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_risk_events_reason_check" CHECK ("subscription_risk_events"."reason" in ('COUNTRY_CHANGE', 'REGION_CHANGE', 'CITY_CHANGE', 'NODE_HIGH_FREQUENCY', 'SCATTERED_TARGETS')),
	CONSTRAINT "subscription_risk_events_level_check" CHECK ("subscription_risk_events"."level" in ('WARNING', 'SUSPEND')),
	CONSTRAINT "subscription_risk_events_review_check" CHECK ("subscription_risk_events"."review_status" in ('OPEN', 'ACKNOWLEDGED', 'RESOLVED'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_restricted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "device_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "risk_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "inbound_tag" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "network" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "action" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "target_host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "target_port" integer;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "connection_count" integer;--> statement-breakpoint
ALTER TABLE "subscription_access_logs" ADD COLUMN "unique_target_count" integer;--> statement-breakpoint
ALTER TABLE "subscription_devices" ADD CONSTRAINT "subscription_devices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_devices" ADD CONSTRAINT "subscription_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_risk_events" ADD CONSTRAINT "subscription_risk_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_risk_events" ADD CONSTRAINT "subscription_risk_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_geo_marks_last_seen_idx" ON "risk_geo_marks" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_devices_once_key" ON "subscription_devices" USING btree ("subscription_id","hwid_hash");--> statement-breakpoint
CREATE INDEX "subscription_devices_user_idx" ON "subscription_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_risk_events_once_key" ON "subscription_risk_events" USING btree ("scope_key","reason","day");--> statement-breakpoint
CREATE INDEX "subscription_risk_events_created_idx" ON "subscription_risk_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscription_risk_events_user_idx" ON "subscription_risk_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_risk_events_review_idx" ON "subscription_risk_events" USING btree ("review_status","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_ip_idx" ON "subscription_access_logs" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_source_idx" ON "subscription_access_logs" USING btree ("source","created_at");