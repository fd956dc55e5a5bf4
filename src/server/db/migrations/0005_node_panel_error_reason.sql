ALTER TABLE "nodes" ADD COLUMN "panel_error_reason" text;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "panel_error_params" jsonb;