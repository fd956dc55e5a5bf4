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
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(case when locale = 'en' then 'english'::regconfig else 'simple'::regconfig end, title), 'A') || setweight(to_tsvector(case when locale = 'en' then 'english'::regconfig else 'simple'::regconfig end, body_markdown), 'B')) STORED NOT NULL,
	CONSTRAINT "kb_articles_slug_check" CHECK ("kb_articles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "kb_articles_locale_check" CHECK ("kb_articles"."locale" in ('zh-CN', 'en'))
);
--> statement-breakpoint
CREATE TABLE "kb_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kb_categories_slug_check" CHECK ("kb_categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
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
ALTER TABLE "referral_payouts" DROP CONSTRAINT "referral_payouts_method_check";--> statement-breakpoint
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
CREATE UNIQUE INDEX "kb_articles_slug_locale_key" ON "kb_articles" USING btree ("slug","locale");--> statement-breakpoint
CREATE INDEX "kb_articles_category_idx" ON "kb_articles" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "kb_articles_search_idx" ON "kb_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "kb_votes_user_idx" ON "kb_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_order_item_key" ON "plan_changes" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "plan_changes_order_idx" ON "plan_changes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_changes_open_key" ON "plan_changes" USING btree ("subscription_id") WHERE "plan_changes"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "plan_changes_subscription_idx" ON "plan_changes" USING btree ("subscription_id","status","settled_at");--> statement-breakpoint
CREATE INDEX "plan_changes_user_idx" ON "plan_changes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_method_check" CHECK ("referral_payouts"."method" in ('ALIPAY', 'WECHAT', 'BANK', 'CRYPTO', 'OTHER', 'BALANCE'));