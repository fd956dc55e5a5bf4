CREATE TABLE "auto_renew_runs" (
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"outcome" text,
	"order_id" uuid,
	"detail" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_renew_runs_subscription_id_period_end_pk" PRIMARY KEY("subscription_id","period_end")
);
--> statement-breakpoint
CREATE TABLE "recharge_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_hint" text NOT NULL,
	"amount_minor" integer,
	"plan_id" uuid,
	"traffic_gb" integer DEFAULT 0 NOT NULL,
	"duration_days" integer DEFAULT 0 NOT NULL,
	"holds_stock" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'UNUSED' NOT NULL,
	"expires_at" timestamp with time zone,
	"used_by_id" uuid,
	"used_at" timestamp with time zone,
	"result_subscription_id" uuid,
	"created_by_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_cards_kind_check" CHECK (("recharge_cards"."kind" = 'BALANCE' and "recharge_cards"."amount_minor" > 0 and "recharge_cards"."plan_id" is null) or ("recharge_cards"."kind" = 'PLAN' and "recharge_cards"."plan_id" is not null and "recharge_cards"."amount_minor" is null)),
	CONSTRAINT "recharge_cards_status_check" CHECK ("recharge_cards"."status" in ('UNUSED', 'USED', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"refund_no" text NOT NULL,
	"gateway_reference" text,
	"end_subscription" boolean DEFAULT false NOT NULL,
	"actor_id" uuid,
	"note" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_minor" > 0),
	CONSTRAINT "refunds_destination_check" CHECK ("refunds"."destination" in ('BALANCE', 'GATEWAY', 'MANUAL'))
);
--> statement-breakpoint
CREATE TABLE "subscription_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"status" text DEFAULT 'AWAITING' NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"fee_bearer" text NOT NULL,
	"fee_charged_at" timestamp with time zone,
	"fee_refunded_at" timestamp with time zone,
	"prior_status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_transfers_status_check" CHECK ("subscription_transfers"."status" in ('AWAITING', 'COMPLETED', 'REJECTED', 'CANCELLED', 'EXPIRED')),
	CONSTRAINT "subscription_transfers_fee_check" CHECK ("subscription_transfers"."fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_accounts_balance_check" CHECK ("wallet_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "wallet_holds_amount_check" CHECK ("wallet_holds"."amount_minor" > 0),
	CONSTRAINT "wallet_holds_status_check" CHECK ("wallet_holds"."status" in ('HELD', 'CAPTURED', 'RELEASED'))
);
--> statement-breakpoint
CREATE TABLE "wallet_recharge_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recharge_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider" text,
	"trade_no" text,
	"credited_via" text,
	"cancel_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_recharge_orders_amount_check" CHECK ("wallet_recharge_orders"."amount_minor" > 0),
	CONSTRAINT "wallet_recharge_orders_status_check" CHECK ("wallet_recharge_orders"."status" in ('PENDING', 'CREDITED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"reference_type" text,
	"reference_id" text,
	"idempotency_key" text,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_after_check" CHECK ("wallet_transactions"."balance_after_minor" >= 0 and "wallet_transactions"."amount_minor" <> 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_paid_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'ORDER' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recharge_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "auto_renew" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_renew_runs" ADD CONSTRAINT "auto_renew_runs_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_renew_runs" ADD CONSTRAINT "auto_renew_runs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_cards" ADD CONSTRAINT "recharge_cards_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_cards" ADD CONSTRAINT "recharge_cards_used_by_id_users_id_fk" FOREIGN KEY ("used_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_cards" ADD CONSTRAINT "recharge_cards_result_subscription_id_subscriptions_id_fk" FOREIGN KEY ("result_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transfers" ADD CONSTRAINT "subscription_transfers_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transfers" ADD CONSTRAINT "subscription_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transfers" ADD CONSTRAINT "subscription_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_recharge_orders" ADD CONSTRAINT "wallet_recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_cards_code_hash_key" ON "recharge_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "recharge_cards_batch_idx" ON "recharge_cards" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "recharge_cards_status_idx" ON "recharge_cards" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_key" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_no_key" ON "refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_transfers_awaiting_key" ON "subscription_transfers" USING btree ("subscription_id") WHERE "subscription_transfers"."status" = 'AWAITING';--> statement-breakpoint
CREATE INDEX "subscription_transfers_from_idx" ON "subscription_transfers" USING btree ("from_user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_transfers_to_idx" ON "subscription_transfers" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_transfers_expiry_idx" ON "subscription_transfers" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_holds_open_order_key" ON "wallet_holds" USING btree ("order_id") WHERE "wallet_holds"."status" = 'HELD';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_recharge_orders_no_key" ON "wallet_recharge_orders" USING btree ("recharge_no");--> statement-breakpoint
CREATE INDEX "wallet_recharge_orders_user_idx" ON "wallet_recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_recharge_orders_status_idx" ON "wallet_recharge_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_idempotency_key" ON "wallet_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_recharge_idx" ON "payments" USING btree ("recharge_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK (("payments"."purpose" = 'ORDER' and "payments"."order_id" is not null and "payments"."recharge_id" is null) or ("payments"."purpose" = 'RECHARGE' and "payments"."order_id" is null));