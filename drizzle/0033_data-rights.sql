CREATE TABLE "data_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid,
	"actor" text NOT NULL,
	"staff_id" uuid,
	"staff_email" text,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_request_events_actor" CHECK ("data_request_events"."actor" in ('shopper', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_hash" text NOT NULL,
	"contact_kind" text NOT NULL,
	"contact" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"access_expires_at" timestamp with time zone,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_requests_status" CHECK ("data_requests"."status" in ('pending', 'verified', 'dead')),
	CONSTRAINT "data_requests_contact_kind" CHECK ("data_requests"."contact_kind" in ('email', 'phone')),
	CONSTRAINT "data_requests_tries" CHECK ("data_requests"."tries" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "data_request_events" ADD CONSTRAINT "data_request_events_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_request_events" ADD CONSTRAINT "data_request_events_staff_id_admin_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_request_events_created_idx" ON "data_request_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_key_uq" ON "data_requests" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "data_requests_created_idx" ON "data_requests" USING btree ("created_at");--> statement-breakpoint
-- Erasure (issue 32, decision 042): an invoice stays as issued, except that the buyer's phone and e-mail
-- (which rule 46 of the CGST Rules does not ask for) may be blanked in its snapshot; any other change, and
-- every delete, is still refused.
CREATE OR REPLACE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) - 'snapshot') = (to_jsonb(OLD) - 'snapshot')
     AND OLD.snapshot ? 'buyer'
     AND NEW.snapshot = jsonb_set(jsonb_set(OLD.snapshot, '{buyer,phone}', '""'), '{buyer,email}', '""')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'invoices are immutable once issued (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
