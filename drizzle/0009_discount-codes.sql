CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal" integer DEFAULT 0 NOT NULL,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"max_uses" integer,
	"max_uses_per_shopper" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_applies_to" CHECK ("discount_codes"."applies_to" in ('all', 'ready-made', 'custom')),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100) and "discount_codes"."min_subtotal" >= 0),
	CONSTRAINT "discount_codes_uses" CHECK (coalesce("discount_codes"."max_uses", 1) >= 1 and coalesce("discount_codes"."max_uses_per_shopper", 1) >= 1)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_neon_orders" DROP CONSTRAINT "custom_orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_upper_uq" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_checkout_uq" ON "discount_redemptions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_phone_idx" ON "discount_redemptions" USING btree ("code_id","customer_phone");--> statement-breakpoint
CREATE INDEX "discount_redemptions_email_idx" ON "discount_redemptions" USING btree ("code_id","customer_email");--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_amounts_nonnegative" CHECK ("custom_neon_orders"."base_price" >= 0 and "custom_neon_orders"."dimmer_price" >= 0 and "custom_neon_orders"."backing_price" >= 0 and "custom_neon_orders"."character_price" >= 0 and "custom_neon_orders"."delivery_fee" >= 0 and "custom_neon_orders"."cod_fee" >= 0 and "custom_neon_orders"."discount" >= 0 and "custom_neon_orders"."total_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_amount" = "orders"."subtotal" + "orders"."delivery_fee" + "orders"."cod_fee" - "orders"."discount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."cod_fee" >= 0 and "orders"."discount" >= 0 and "orders"."discount" <= "orders"."subtotal" and "orders"."total_amount" >= 0);--> statement-breakpoint
-- Live updates: the admin's code list and the storefront banners that promise a code follow changes.
CREATE TRIGGER discount_codes_notify AFTER INSERT OR UPDATE OR DELETE ON "discount_codes" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');
