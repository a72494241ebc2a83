ALTER TABLE "custom_neon_orders" DROP CONSTRAINT "custom_orders_status";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "rto_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rto_reason" text;--> statement-breakpoint
CREATE INDEX "custom_orders_attempts_created_idx" ON "custom_neon_orders" USING btree ("created_at") WHERE payment_method <> 'cod' and payment_status in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "orders_attempts_created_idx" ON "orders" USING btree ("created_at") WHERE payment_method <> 'cod' and payment_status in ('pending', 'failed');--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_rto_reason" CHECK ("custom_neon_orders"."rto_reason" in ('refused', 'unreachable', 'address', 'other'));--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_status" CHECK ("custom_neon_orders"."status" in ('pending', 'confirmed', 'in_production', 'dispatched', 'delivered', 'cancelled', 'rto'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_rto_reason" CHECK ("orders"."rto_reason" in ('refused', 'unreachable', 'address', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'confirmed', 'in_production', 'dispatched', 'delivered', 'cancelled', 'rto'));