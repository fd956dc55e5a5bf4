ALTER TABLE "nodes" ADD COLUMN "visibility" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_visibility_check" CHECK ("nodes"."visibility" in ('PENDING', 'VISIBLE', 'HIDDEN'));--> statement-breakpoint
-- Nodes that existed before this migration were all shown to users. Hiding them now would empty a
-- running site's Lines page on upgrade, so every node that has ever synced successfully (last_sync_at
-- is written only by a successful sync, and a panel that is down right now does not clear it) stays
-- visible. Nodes that never synced are the new-node case: they stay PENDING, hidden until their
-- first successful sync or the admin's switch.
UPDATE "nodes" SET "visibility" = 'VISIBLE' WHERE "last_sync_at" IS NOT NULL OR "panel_status" = 'OK';
