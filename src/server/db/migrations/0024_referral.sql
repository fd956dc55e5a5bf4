CREATE TABLE "referral_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"invitee_id" uuid,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"currency" text NOT NULL,
	"base_minor" integer NOT NULL,
	"rate_percent" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"matured_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_commissions_amount_check" CHECK ("referral_commissions"."amount_minor" > 0 and "referral_commissions"."base_minor" >= "referral_commissions"."amount_minor" and "referral_commissions"."rate_percent" between 1 and 100),
	CONSTRAINT "referral_commissions_status_check" CHECK ("referral_commissions"."status" in ('HELD', 'AVAILABLE', 'REVERSED'))
);
--> statement-breakpoint
CREATE TABLE "referral_first_orders" (
	"invitee_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"account_enc" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reference" text,
	"reject_reason" text,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_payouts_amount_check" CHECK ("referral_payouts"."amount_minor" > 0),
	CONSTRAINT "referral_payouts_status_check" CHECK ("referral_payouts"."status" in ('PENDING', 'PAID', 'REJECTED')),
	CONSTRAINT "referral_payouts_method_check" CHECK ("referral_payouts"."method" in ('ALIPAY', 'WECHAT', 'BANK', 'USDT', 'OTHER', 'BALANCE')),
	CONSTRAINT "referral_payouts_account_check" CHECK (("referral_payouts"."method" = 'BALANCE') = ("referral_payouts"."account_enc" is null))
);
--> statement-breakpoint
ALTER TABLE "referral_accounts" ADD CONSTRAINT "referral_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_first_orders" ADD CONSTRAINT "referral_first_orders_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_line_key" ON "referral_commissions" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "referral_commissions_inviter_idx" ON "referral_commissions" USING btree ("inviter_id","status","available_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_order_idx" ON "referral_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_commissions_invitee_idx" ON "referral_commissions" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "referral_payouts_user_idx" ON "referral_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_payouts_status_idx" ON "referral_payouts" USING btree ("status","created_at");