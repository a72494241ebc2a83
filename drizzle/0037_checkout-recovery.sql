CREATE TABLE "abandoned_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"edit_key_hash" text NOT NULL,
	"link_token" text NOT NULL,
	"customer_email" text NOT NULL,
	"email_key" text NOT NULL,
	"customer_phone" text,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"client_network" text NOT NULL,
	"first_sent_at" timestamp with time zone,
	"second_sent_at" timestamp with time zone,
	"skipped_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"recovered_amount" integer,
	"restored_at" timestamp with time zone,
	"discount_code_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abandoned_checkouts_order" CHECK ("abandoned_checkouts"."second_sent_at" is null or "abandoned_checkouts"."first_sent_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "recovery_suppressions" (
	"contact_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "for_email" text;--> statement-breakpoint
ALTER TABLE "abandoned_checkouts" ADD CONSTRAINT "abandoned_checkouts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_edit_key_uq" ON "abandoned_checkouts" USING btree ("edit_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "abandoned_checkouts_link_token_uq" ON "abandoned_checkouts" USING btree ("link_token");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_email_idx" ON "abandoned_checkouts" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_phone_idx" ON "abandoned_checkouts" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "abandoned_checkouts_created_idx" ON "abandoned_checkouts" USING btree ("created_at");