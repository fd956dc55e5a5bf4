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
ALTER TABLE "order_items" ADD COLUMN "gift_email" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_claimed_by_id_users_id_fk" FOREIGN KEY ("claimed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_refund_coupon_id_coupons_id_fk" FOREIGN KEY ("refund_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_order_item_key" ON "gifts" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_hash_key" ON "gifts" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gifts_order_idx" ON "gifts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_unclaimed_expiry_idx" ON "gifts" USING btree ("expires_at") WHERE "gifts"."status" = 'UNCLAIMED';