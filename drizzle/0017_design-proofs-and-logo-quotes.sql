CREATE TABLE "design_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"custom_order_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"image_key" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"shopper_comment" text,
	"sent_by" uuid,
	"sent_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "design_proofs_state" CHECK ("design_proofs"."state" in ('sent', 'approved', 'changes_requested')),
	CONSTRAINT "design_proofs_version_positive" CHECK ("design_proofs"."version" > 0),
	CONSTRAINT "design_proofs_answered" CHECK (("design_proofs"."state" = 'sent') = ("design_proofs"."answered_at" is null) and ("design_proofs"."state" = 'changes_requested') = ("design_proofs"."shopper_comment" is not null))
);
--> statement-breakpoint
CREATE TABLE "logo_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"access_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"size" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"image_key" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"price" integer,
	"staff_message" text,
	"priced_by" uuid,
	"priced_by_email" text,
	"priced_at" timestamp with time zone,
	"custom_order_id" uuid,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logo_quotes_state" CHECK ("logo_quotes"."state" in ('requested', 'priced', 'ordered')),
	CONSTRAINT "logo_quotes_price" CHECK (("logo_quotes"."state" = 'requested') = ("logo_quotes"."price" is null) and ("logo_quotes"."price" is null or "logo_quotes"."price" > 0))
);
--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "wall_photo_key" text;--> statement-breakpoint
ALTER TABLE "design_proofs" ADD CONSTRAINT "design_proofs_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_proofs" ADD CONSTRAINT "design_proofs_sent_by_admin_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logo_quotes" ADD CONSTRAINT "logo_quotes_priced_by_admin_users_id_fk" FOREIGN KEY ("priced_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logo_quotes" ADD CONSTRAINT "logo_quotes_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_proofs_order_version_uq" ON "design_proofs" USING btree ("custom_order_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "logo_quotes_access_token_uq" ON "logo_quotes" USING btree ("access_token");--> statement-breakpoint
CREATE INDEX "logo_quotes_created_idx" ON "logo_quotes" USING btree ("created_at");--> statement-breakpoint
CREATE TRIGGER design_proofs_notify AFTER INSERT OR UPDATE OR DELETE ON "design_proofs" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');--> statement-breakpoint
CREATE TRIGGER logo_quotes_notify AFTER INSERT OR UPDATE OR DELETE ON "logo_quotes" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');
