CREATE INDEX "users_email_pattern_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "subscription_access_logs_country_idx" ON "subscription_access_logs" USING btree ("country","created_at");--> statement-breakpoint
CREATE INDEX "subscription_access_logs_node_idx" ON "subscription_access_logs" USING btree ("node_id","created_at");