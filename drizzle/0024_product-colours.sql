ALTER TABLE "product_images" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "default_color" text DEFAULT 'Blue' NOT NULL;