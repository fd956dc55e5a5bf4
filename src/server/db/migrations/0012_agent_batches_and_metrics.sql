CREATE TABLE "agent_batches" (
	"node_id" uuid NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_batches_node_id_key_pk" PRIMARY KEY("node_id","key")
);
--> statement-breakpoint
CREATE TABLE "node_metrics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"node_id" uuid NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"cpu_percent" double precision,
	"mem_used_bytes" bigint,
	"mem_total_bytes" bigint,
	"disk_used_bytes" bigint,
	"disk_total_bytes" bigint,
	"net_rx_bytes_per_sec" bigint,
	"net_tx_bytes_per_sec" bigint,
	"load1" double precision,
	"uptime_seconds" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "agent_version" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "agent_last_reports" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_batches" ADD CONSTRAINT "agent_batches_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_metrics" ADD CONSTRAINT "node_metrics_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_batches_created_idx" ON "agent_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "node_metrics_node_idx" ON "node_metrics" USING btree ("node_id","sampled_at");