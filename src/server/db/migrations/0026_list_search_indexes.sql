-- Trigram operators for the admin lists' substring searches (ILIKE '%q%' on order numbers, e-mails and
-- names). PGlite loads the extension's code through its constructor (src/server/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_order_no_trgm_idx" ON "orders" USING gin ("order_no" gin_trgm_ops);