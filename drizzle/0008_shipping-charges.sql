ALTER TABLE "custom_neon_orders" DROP CONSTRAINT "custom_orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "shipping_method" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_shipping_method" CHECK ("custom_neon_orders"."shipping_method" in ('standard', 'express', 'international'));--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_amounts_nonnegative" CHECK ("custom_neon_orders"."base_price" >= 0 and "custom_neon_orders"."dimmer_price" >= 0 and "custom_neon_orders"."backing_price" >= 0 and "custom_neon_orders"."character_price" >= 0 and "custom_neon_orders"."delivery_fee" >= 0 and "custom_neon_orders"."cod_fee" >= 0 and "custom_neon_orders"."total_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method" CHECK ("orders"."shipping_method" in ('standard', 'express', 'international'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."cod_fee" >= 0 and "orders"."total_amount" >= 0);