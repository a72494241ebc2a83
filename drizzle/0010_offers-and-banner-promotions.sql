CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"sizes" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_kind" CHECK ("offers"."kind" in ('free-dimmer', 'percent-off')),
	CONSTRAINT "offers_applies_to" CHECK ("offers"."applies_to" in ('all', 'ready-made', 'custom')),
	CONSTRAINT "offers_value" CHECK ("offers"."value" >= 0 and ("offers"."kind" <> 'percent-off' or ("offers"."value" >= 1 and "offers"."value" <= 100)))
);
--> statement-breakpoint
ALTER TABLE "custom_neon_orders" DROP CONSTRAINT "custom_orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_adds_up";--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "offer_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "offer_names" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_names" text;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_name_lower_uq" ON "offers" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_amounts_nonnegative" CHECK ("custom_neon_orders"."base_price" >= 0 and "custom_neon_orders"."dimmer_price" >= 0 and "custom_neon_orders"."backing_price" >= 0 and "custom_neon_orders"."character_price" >= 0 and "custom_neon_orders"."delivery_fee" >= 0 and "custom_neon_orders"."cod_fee" >= 0 and "custom_neon_orders"."discount" >= 0 and "custom_neon_orders"."offer_discount" >= 0 and "custom_neon_orders"."total_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."cod_fee" >= 0 and "orders"."discount" >= 0 and "orders"."offer_discount" >= 0 and "orders"."discount" + "orders"."offer_discount" <= "orders"."subtotal" and "orders"."total_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_amount" = "orders"."subtotal" + "orders"."delivery_fee" + "orders"."cod_fee" - "orders"."discount" - "orders"."offer_discount");--> statement-breakpoint
-- Live updates: offer changes reach the admin and the storefront banners that promise them.
CREATE TRIGGER offers_notify AFTER INSERT OR UPDATE OR DELETE ON "offers" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');
