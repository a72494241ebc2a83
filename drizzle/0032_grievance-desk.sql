CREATE TABLE "grievance_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "grievance_counters_positive" CHECK ("grievance_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "grievance_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"grievance_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grievance_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"staff_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievance_messages_kind" CHECK ("grievance_messages"."kind" in ('shopper', 'staff', 'note', 'event'))
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"order_ref" text,
	"order_id" uuid,
	"custom_order_id" uuid,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"attachment_key" text,
	"attachment_width" integer,
	"attachment_height" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_to" uuid,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"resolved_by_email" text,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievances_status" CHECK ("grievances"."status" in ('open', 'acknowledged', 'resolved')),
	CONSTRAINT "grievances_resolved" CHECK (("grievances"."status" = 'resolved') = ("grievances"."resolved_at" is not null and "grievances"."resolution" is not null)),
	CONSTRAINT "grievances_acknowledged" CHECK ("grievances"."status" = 'open' or "grievances"."acknowledged_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "grievance_links" ADD CONSTRAINT "grievance_links_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_messages" ADD CONSTRAINT "grievance_messages_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_assigned_to_admin_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_links_grievance_idx" ON "grievance_links" USING btree ("grievance_id");--> statement-breakpoint
CREATE INDEX "grievance_messages_thread_idx" ON "grievance_messages" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_number_uq" ON "grievances" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_year_seq_uq" ON "grievances" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "grievances_status_idx" ON "grievances" USING btree ("status","created_at");--> statement-breakpoint
CREATE TRIGGER grievances_notify AFTER INSERT OR UPDATE OR DELETE ON "grievances" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');--> statement-breakpoint
CREATE TRIGGER grievance_messages_notify AFTER INSERT OR UPDATE OR DELETE ON "grievance_messages" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');