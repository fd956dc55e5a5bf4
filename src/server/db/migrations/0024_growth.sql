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
	CONSTRAINT "referral_payouts_method_check" CHECK ("referral_payouts"."method" in ('ALIPAY', 'WECHAT', 'BANK', 'CRYPTO', 'OTHER', 'BALANCE')),
	CONSTRAINT "referral_payouts_account_check" CHECK (("referral_payouts"."method" = 'BALANCE') = ("referral_payouts"."account_enc" is null))
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"recipient_email" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" text DEFAULT 'UNCLAIMED' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"mail_count" integer DEFAULT 1 NOT NULL,
	"claimed_by_id" uuid,
	"claimed_at" timestamp with time zone,
	"subscription_id" uuid,
	"closed_at" timestamp with time zone,
	"refund_kind" text,
	"refund_minor" integer,
	"refund_coupon_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_status_check" CHECK ("gifts"."status" in ('UNCLAIMED', 'CLAIMED', 'EXPIRED', 'CANCELLED')),
	CONSTRAINT "gifts_refund_kind_check" CHECK ("gifts"."refund_kind" is null or "gifts"."refund_kind" in ('BALANCE', 'COUPON')),
	CONSTRAINT "gifts_claim_check" CHECK ("gifts"."status" <> 'CLAIMED' or ("gifts"."claimed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "kb_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"body_markdown" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(case when locale = 'en' then 'english'::regconfig else 'simple'::regconfig end, regexp_replace(title, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+)', ' \1 ', 'g')), 'A') || setweight(to_tsvector(case when locale = 'en' then 'english'::regconfig else 'simple'::regconfig end, regexp_replace(body_markdown, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+)', ' \1 ', 'g')), 'B')) STORED NOT NULL,
	CONSTRAINT "kb_articles_locale_check" CHECK ("kb_articles"."locale" in ('zh-CN', 'en'))
);
--> statement-breakpoint
CREATE TABLE "kb_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_votes" (
	"article_id" uuid NOT NULL,
	"voter" text NOT NULL,
	"user_id" uuid,
	"helpful" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_votes_article_id_voter_pk" PRIMARY KEY("article_id","voter")
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"from_plan_id" uuid NOT NULL,
	"to_plan_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"currency" text NOT NULL,
	"basis" text NOT NULL,
	"measure" text NOT NULL,
	"term_start" timestamp with time zone NOT NULL,
	"term_end" timestamp with time zone NOT NULL,
	"traffic_limit_bytes" bigint NOT NULL,
	"traffic_used_bytes" bigint NOT NULL,
	"term_value_minor" integer NOT NULL,
	"term_paid_minor" integer NOT NULL,
	"unused_numerator" bigint NOT NULL,
	"unused_denominator" bigint NOT NULL,
	"credit_minor" integer NOT NULL,
	"credit_paid_minor" integer NOT NULL,
	"new_price_minor" integer NOT NULL,
	"new_traffic_gb" integer NOT NULL,
	"new_duration_days" integer NOT NULL,
	"due_minor" integer NOT NULL,
	"leftover_minor" integer NOT NULL,
	"new_term_paid_minor" integer NOT NULL,
	"credited_minor" integer DEFAULT 0 NOT NULL,
	"credited_to" text,
	"credit_coupon_id" uuid,
	"outcome_reason" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_changes_status_check" CHECK ("plan_changes"."status" in ('PENDING', 'CLOSED', 'APPLIED', 'NOT_APPLIED')),
	CONSTRAINT "plan_changes_measure_check" CHECK ("plan_changes"."measure" in ('TIME', 'TRAFFIC')),
	CONSTRAINT "plan_changes_credited_to_check" CHECK ("plan_changes"."credited_to" is null or "plan_changes"."credited_to" in ('BALANCE', 'COUPON')),
	CONSTRAINT "plan_changes_money_check" CHECK ("plan_changes"."term_value_minor" >= "plan_changes"."term_paid_minor" and "plan_changes"."term_paid_minor" >= 0 and "plan_changes"."credit_minor" >= "plan_changes"."credit_paid_minor" and "plan_changes"."credit_paid_minor" >= 0 and "plan_changes"."new_price_minor" >= 0 and "plan_changes"."due_minor" >= 0 and "plan_changes"."leftover_minor" >= 0 and "plan_changes"."credited_minor" >= 0 and "plan_changes"."unused_denominator" >= 0 and "plan_changes"."unused_numerator" between 0 and greatest("plan_changes"."unused_denominator", 0))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_email" text;--> statement-breakpoint
ALTER TABLE "referral_accounts" ADD CONSTRAINT "referral_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_first_orders" ADD CONSTRAINT "referral_first_orders_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_claimed_by_id_users_id_fk" FOREIGN KEY ("claimed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_refund_coupon_id_coupons_id_fk" FOREIGN KEY ("refund_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_category_kb_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."kb_categories"("slug") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_articles" ADD CONSTRAINT "kb_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_votes" ADD CONSTRAINT "kb_votes_article_id_kb_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."kb_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_votes" ADD CONSTRAINT "kb_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_from_plan_id_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_to_plan_id_plans_id_fk" FOREIGN KEY ("to_plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_credit_coupon_id_coupons_id_fk" FOREIGN KEY ("credit_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commissions_line_key" ON "referral_commissions" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "referral_commissions_inviter_idx" ON "referral_commissions" USING btree ("inviter_id","status","available_at");--> statement-breakpoint
CREATE INDEX "referral_commissions_order_idx" ON "referral_commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_commissions_invitee_idx" ON "referral_commissions" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "referral_payouts_user_idx" ON "referral_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_payouts_status_idx" ON "referral_payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_order_item_key" ON "gifts" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_hash_key" ON "gifts" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gifts_order_idx" ON "gifts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_unclaimed_expiry_idx" ON "gifts" USING btree ("expires_at") WHERE "gifts"."status" = 'UNCLAIMED';--> statement-breakpoint
CREATE UNIQUE INDEX "kb_articles_slug_locale_key" ON "kb_articles" USING btree ("slug","locale");--> statement-breakpoint
CREATE INDEX "kb_articles_category_idx" ON "kb_articles" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "kb_articles_search_idx" ON "kb_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "kb_votes_user_idx" ON "kb_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_order_item_key" ON "plan_changes" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "plan_changes_order_idx" ON "plan_changes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_open_key" ON "plan_changes" USING btree ("subscription_id") WHERE "plan_changes"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "plan_changes_subscription_idx" ON "plan_changes" USING btree ("subscription_id","status","settled_at");--> statement-breakpoint
CREATE INDEX "plan_changes_user_idx" ON "plan_changes" USING btree ("user_id");