CREATE TABLE "pay_links" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"sold_out_at" timestamp with time zone,
	"cod_plan" jsonb,
	"cod_chosen_at" timestamp with time zone,
	"staff_discount" integer DEFAULT 0 NOT NULL,
	"discount_reason" text,
	"approved_by" text,
	"created_by_id" uuid,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_links_discount_nonnegative" CHECK ("pay_links"."staff_discount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "channel" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "chat_app" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chat_app" text;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_created_by_id_admin_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_links_open_idx" ON "pay_links" USING btree ("expires_at") WHERE expired_at is null;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_channel" CHECK ("custom_neon_orders"."channel" in ('website', 'chat'));--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD CONSTRAINT "custom_orders_chat_app" CHECK ("custom_neon_orders"."chat_app" in ('whatsapp', 'instagram', 'phone', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel" CHECK ("orders"."channel" in ('website', 'chat'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_chat_app" CHECK ("orders"."chat_app" in ('whatsapp', 'instagram', 'phone', 'other'));