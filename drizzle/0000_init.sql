CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT true NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"link_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bestselling_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"display_order" integer NOT NULL,
	"badge_text" text DEFAULT 'Bestseller' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"total_amount" integer NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_total_nonnegative" CHECK ("checkouts"."total_amount" >= 0),
	CONSTRAINT "checkouts_method" CHECK ("checkouts"."payment_method" in ('razorpay', 'cod')),
	CONSTRAINT "checkouts_payment_status" CHECK ("checkouts"."payment_status" in ('pending', 'paid', 'failed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "custom_neon_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"preferred_date" date,
	"delivery_fee" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"courier" text,
	"tracking_number" text,
	"stock_released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"custom_text" text NOT NULL,
	"font_style" text NOT NULL,
	"neon_color" text NOT NULL,
	"size" text NOT NULL,
	"has_dimmer" boolean NOT NULL,
	"backing_shape" text NOT NULL,
	"preview_image_key" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"base_price" integer NOT NULL,
	"dimmer_price" integer NOT NULL,
	"backing_price" integer NOT NULL,
	"character_price" integer NOT NULL,
	CONSTRAINT "custom_orders_quantity_positive" CHECK ("custom_neon_orders"."quantity" > 0),
	CONSTRAINT "custom_orders_amounts_nonnegative" CHECK ("custom_neon_orders"."base_price" >= 0 and "custom_neon_orders"."dimmer_price" >= 0 and "custom_neon_orders"."backing_price" >= 0 and "custom_neon_orders"."character_price" >= 0 and "custom_neon_orders"."delivery_fee" >= 0 and "custom_neon_orders"."total_amount" >= 0),
	CONSTRAINT "custom_orders_status" CHECK ("custom_neon_orders"."status" in ('pending', 'confirmed', 'in_production', 'dispatched', 'delivered', 'cancelled')),
	CONSTRAINT "custom_orders_payment_status" CHECK ("custom_neon_orders"."payment_status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "custom_orders_method" CHECK ("custom_neon_orders"."payment_method" in ('razorpay', 'cod'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"product_image" text,
	"product_config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_price_nonnegative" CHECK ("order_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"custom_order_id" uuid,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text NOT NULL,
	"note" text,
	"changed_by" uuid,
	"changed_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_one_target" CHECK (num_nonnulls("order_status_history"."order_id", "order_status_history"."custom_order_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"preferred_date" date,
	"delivery_fee" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"razorpay_order_id" text,
	"razorpay_payment_id" text,
	"is_test" boolean DEFAULT false NOT NULL,
	"courier" text,
	"tracking_number" text,
	"stock_released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subtotal" integer NOT NULL,
	CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."delivery_fee" >= 0 and "orders"."total_amount" >= 0),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'confirmed', 'in_production', 'dispatched', 'delivered', 'cancelled')),
	CONSTRAINT "orders_payment_status" CHECK ("orders"."payment_status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "orders_method" CHECK ("orders"."payment_method" in ('razorpay', 'cod'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"razorpay_order_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt_text" text,
	"display_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_order_positive" CHECK ("product_images"."display_order" >= 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"rating" numeric(2, 1) DEFAULT 4 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"small_price" integer,
	"small_mrp" integer,
	"medium_price" integer NOT NULL,
	"medium_mrp" integer NOT NULL,
	"large_price" integer,
	"large_mrp" integer,
	"extra_large_price" integer,
	"extra_large_mrp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_nonnegative" CHECK ("products"."stock_quantity" >= 0),
	CONSTRAINT "products_rating_range" CHECK ("products"."rating" >= 0 and "products"."rating" <= 5),
	CONSTRAINT "products_review_count_nonnegative" CHECK ("products"."review_count" >= 0),
	CONSTRAINT "products_prices_nonnegative" CHECK (coalesce("products"."small_price",0) >= 0 and coalesce("products"."small_mrp",0) >= 0 and "products"."medium_price" >= 0 and "products"."medium_mrp" >= 0 and coalesce("products"."large_price",0) >= 0 and coalesce("products"."large_mrp",0) >= 0 and coalesce("products"."extra_large_price",0) >= 0 and coalesce("products"."extra_large_mrp",0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "bestselling_products" ADD CONSTRAINT "bestselling_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_neon_orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_changed_by_admin_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_lower_uq" ON "admin_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "bestselling_products_product_uq" ON "bestselling_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_uq" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_idempotency_key_uq" ON "checkouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_razorpay_order_uq" ON "checkouts" USING btree ("razorpay_order_id");--> statement-breakpoint
CREATE INDEX "custom_orders_created_idx" ON "custom_neon_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "custom_orders_checkout_idx" ON "custom_neon_orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_custom_idx" ON "order_status_history" USING btree ("custom_order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_created_idx" ON "order_status_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");