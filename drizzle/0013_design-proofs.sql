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
ALTER TABLE "design_proofs" ADD CONSTRAINT "design_proofs_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_proofs" ADD CONSTRAINT "design_proofs_sent_by_admin_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_proofs_order_version_uq" ON "design_proofs" USING btree ("custom_order_id","version");--> statement-breakpoint
CREATE TRIGGER design_proofs_notify AFTER INSERT OR UPDATE OR DELETE ON "design_proofs" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');
