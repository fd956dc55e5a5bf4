CREATE TABLE "coupon_grants" (
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_grants_coupon_id_user_id_pk" PRIMARY KEY("coupon_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount_off_minor" integer DEFAULT 0 NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"max_discount_minor" integer,
	"min_spend_minor" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_limit" integer,
	"uses_held" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer,
	"audience" text DEFAULT 'PUBLIC' NOT NULL,
	"plan_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."uses_held" >= 0 and ("coupons"."total_limit" is null or "coupons"."uses_held" <= "coupons"."total_limit")),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."amount_off_minor" >= 0 and "coupons"."percent_off" between 0 and 100 and "coupons"."min_spend_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_inbounds" (
	"plan_id" uuid NOT NULL,
	"inbound_id" uuid NOT NULL,
	CONSTRAINT "plan_inbounds_plan_id_inbound_id_pk" PRIMARY KEY("plan_id","inbound_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"node_id" uuid,
	"streaming_service_id" uuid,
	"pricing_mode" text DEFAULT 'FIXED' NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"traffic_gb" integer DEFAULT 0 NOT NULL,
	"price_per_gb_minor" integer DEFAULT 0 NOT NULL,
	"min_gb" integer DEFAULT 0 NOT NULL,
	"max_gb" integer DEFAULT 0 NOT NULL,
	"duration_days" integer NOT NULL,
	"renewal_mode" text DEFAULT 'NONE' NOT NULL,
	"renewal_price_minor" integer DEFAULT 0 NOT NULL,
	"renewal_price_per_day_minor" integer DEFAULT 0 NOT NULL,
	"topup_mode" text DEFAULT 'NONE' NOT NULL,
	"topup_price_per_gb_minor" integer DEFAULT 0 NOT NULL,
	"topup_gb" integer DEFAULT 0 NOT NULL,
	"topup_price_minor" integer DEFAULT 0 NOT NULL,
	"stock_total" integer,
	"stock_held" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer,
	"visibility" text DEFAULT 'PUBLIC' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_kind_check" CHECK ("plans"."kind" in ('PROXY', 'TRIAL', 'STREAMING')),
	CONSTRAINT "plans_target_check" CHECK (("plans"."kind" = 'STREAMING') = ("plans"."streaming_service_id" is not null) and ("plans"."kind" = 'STREAMING' or "plans"."node_id" is not null)),
	CONSTRAINT "plans_stock_check" CHECK ("plans"."stock_held" >= 0 and ("plans"."stock_total" is null or "plans"."stock_held" <= "plans"."stock_total")),
	CONSTRAINT "plans_money_check" CHECK ("plans"."price_minor" >= 0 and "plans"."price_per_gb_minor" >= 0 and "plans"."renewal_price_minor" >= 0 and "plans"."renewal_price_per_day_minor" >= 0 and "plans"."topup_price_per_gb_minor" >= 0 and "plans"."topup_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"threshold_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_value_check" CHECK ("promotions"."threshold_minor" >= 0 and "promotions"."discount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "streaming_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"credentials_enc" text NOT NULL,
	"slot_count" integer NOT NULL,
	"slots_held" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streaming_services_slots_check" CHECK ("streaming_services"."slots_held" >= 0 and "streaming_services"."slots_held" <= "streaming_services"."slot_count")
);
--> statement-breakpoint
CREATE TABLE "trial_claims" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"traffic_gb" integer DEFAULT 0 NOT NULL,
	"duration_days" integer DEFAULT 0 NOT NULL,
	"target_subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_receipts" (
	"tx_id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid,
	"from_address" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"block_timestamp" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "node_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"inbound_id" uuid NOT NULL,
	"email" text NOT NULL,
	"protocol" text NOT NULL,
	"credential_enc" text NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"expiry_ms" bigint DEFAULT 0 NOT NULL,
	"panel_state" text DEFAULT 'PENDING' NOT NULL,
	"last_error" text,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"traffic_gb" integer DEFAULT 0 NOT NULL,
	"duration_days" integer DEFAULT 0 NOT NULL,
	"amount_minor" integer NOT NULL,
	"holds_stock" boolean DEFAULT false NOT NULL,
	"target_subscription_id" uuid,
	"result_subscription_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"review_status" text DEFAULT 'NORMAL' NOT NULL,
	"review_note" text,
	"currency" text NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"coupon_discount_minor" integer DEFAULT 0 NOT NULL,
	"promotion_discount_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"coupon_id" uuid,
	"promotion_id" uuid,
	"provider" text,
	"paid_via" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_amount_minor" integer,
	"refund_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amount_check" CHECK ("orders"."subtotal_minor" >= 0 and "orders"."total_minor" >= 0 and "orders"."coupon_discount_minor" >= 0 and "orders"."promotion_discount_minor" >= 0),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE TABLE "payment_providers" (
	"provider" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_enc" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"trade_no" text NOT NULL,
	"provider_trade_no" text,
	"amount_minor" integer NOT NULL,
	"crypto_amount_micro" bigint,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"pay_url" text,
	"qr_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"evidence" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"node_id" uuid,
	"streaming_service_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"traffic_limit_bytes" bigint DEFAULT 0 NOT NULL,
	"traffic_used_bytes" bigint DEFAULT 0 NOT NULL,
	"download_token_hash" text NOT NULL,
	"download_token_enc" text NOT NULL,
	"holds_stock" boolean DEFAULT true NOT NULL,
	"source_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('ACTIVE', 'SUSPENDED', 'EXPIRED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "coupon_grants" ADD CONSTRAINT "coupon_grants_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_grants" ADD CONSTRAINT "coupon_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_inbounds" ADD CONSTRAINT "plan_inbounds_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_inbounds" ADD CONSTRAINT "plan_inbounds_inbound_id_inbounds_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."inbounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_streaming_service_id_streaming_services_id_fk" FOREIGN KEY ("streaming_service_id") REFERENCES "public"."streaming_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_target_subscription_id_subscriptions_id_fk" FOREIGN KEY ("target_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_receipts" ADD CONSTRAINT "chain_receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_clients" ADD CONSTRAINT "node_clients_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_clients" ADD CONSTRAINT "node_clients_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_clients" ADD CONSTRAINT "node_clients_inbound_id_inbounds_id_fk" FOREIGN KEY ("inbound_id") REFERENCES "public"."inbounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_target_subscription_id_subscriptions_id_fk" FOREIGN KEY ("target_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_result_subscription_id_subscriptions_id_fk" FOREIGN KEY ("result_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_node_id_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_streaming_service_id_streaming_services_id_fk" FOREIGN KEY ("streaming_service_id") REFERENCES "public"."streaming_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "plans_listing_idx" ON "plans" USING btree ("visibility","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "streaming_services_name_key" ON "streaming_services" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cart_items_user_idx" ON "cart_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "node_clients_email_key" ON "node_clients" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "node_clients_sub_inbound_key" ON "node_clients" USING btree ("subscription_id","inbound_id");--> statement-breakpoint
CREATE INDEX "node_clients_node_idx" ON "node_clients" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_result_key" ON "order_items" USING btree ("result_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_trade_no_key" ON "payments" USING btree ("trade_no");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("provider","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_usdt_amount_key" ON "payments" USING btree ("crypto_amount_micro") WHERE "payments"."provider" = 'usdt_trc20' and "payments"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_download_token_hash_key" ON "subscriptions" USING btree ("download_token_hash");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "subscriptions_expiry_idx" ON "subscriptions" USING btree ("status","expires_at");