ALTER TABLE "products" ADD COLUMN "when_sold_out" text DEFAULT 'sold-out' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "facts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_when_sold_out" CHECK ("products"."when_sold_out" in ('sold-out', 'made-to-order'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_made_to_order_days" CHECK ("products"."made_to_order_days" between 1 and 60);