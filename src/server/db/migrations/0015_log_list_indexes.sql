CREATE INDEX "audit_logs_actor_time_idx" ON "audit_logs" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_action_time_idx" ON "audit_logs" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "node_latency_logs_node_time_idx" ON "node_latency_logs" USING btree ("node_id","created_at");--> statement-breakpoint
CREATE INDEX "traffic_reset_logs_created_at_idx" ON "traffic_reset_logs" USING btree ("created_at");