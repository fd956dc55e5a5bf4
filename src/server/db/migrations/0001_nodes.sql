CREATE TABLE "inbounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"node_id" uuid NOT NULL,
	"panel_inbound_id" integer NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"display_name" text,
	"protocol" text NOT NULL,
	"port" integer NOT NULL,
	"listen" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stream_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_latencies" (
	"node_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"latency_ms" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_latencies_node_id_carrier_pk" PRIMARY KEY("node_id","carrier")
);
--> statement-breakpoint
CREATE TABLE "node_latency_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"node_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"latency_ms" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"panel_url" text NOT NULL,
	"panel_username" text NOT NULL,
	"panel_password_enc" text NOT NULL,
	"panel_api_token_enc" text,
	"agent_token_enc" text,
	"agent_token_hash" text,
	"agent_token_created_at" timestamp with time zone,
	"last_agent_report_at" timestamp with time zone,
	"panel_status" text DEFAULT 'UNKNOWN' NOT NULL,
	"panel_error" text,
	"panel_checked_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_traces" (
	"node_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"summary" text NOT NULL,
	"hop_count" integer NOT NULL,
	"hops" jsonb NOT NULL,
	"agent_summary" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_traces_node_id_carrier_pk" PRIMARY KEY("node_id","carrier")
);
--> statement-breakpoint
ALTER TABLE "inbounds" ADD CONSTRAINT "inbounds_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_latencies" ADD CONSTRAINT "node_latencies_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_latency_logs" ADD CONSTRAINT "node_latency_logs_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_traces" ADD CONSTRAINT "route_traces_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbounds_node_panel_id_key" ON "inbounds" USING btree ("node_id","panel_inbound_id");--> statement-breakpoint
CREATE INDEX "inbounds_node_idx" ON "inbounds" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "node_latency_logs_node_carrier_time_idx" ON "node_latency_logs" USING btree ("node_id","carrier","created_at");--> statement-breakpoint
CREATE INDEX "node_latency_logs_created_at_idx" ON "node_latency_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_agent_token_hash_key" ON "nodes" USING btree ("agent_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "nodes_name_key" ON "nodes" USING btree ("name");