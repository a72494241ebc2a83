CREATE TABLE "cod_confirmations" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"reply_token" text NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"cancel_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_via" text,
	"answered_by" uuid,
	"answered_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_confirmations_state" CHECK ("cod_confirmations"."state" in ('awaiting', 'confirmed', 'cancelled', 'expired')),
	CONSTRAINT "cod_confirmations_via" CHECK ("cod_confirmations"."answered_via" in ('whatsapp', 'page', 'staff')),
	CONSTRAINT "cod_confirmations_clock" CHECK ("cod_confirmations"."cancel_at" > "cod_confirmations"."remind_at")
);
--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_answered_by_admin_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_confirmations_reply_token_uq" ON "cod_confirmations" USING btree ("reply_token");--> statement-breakpoint
CREATE INDEX "cod_confirmations_due_idx" ON "cod_confirmations" USING btree ("state","cancel_at");--> statement-breakpoint
CREATE INDEX "cod_confirmations_created_idx" ON "cod_confirmations" USING btree ("created_at");