CREATE TABLE "service_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_by_email" text
);
--> statement-breakpoint
ALTER TABLE "service_keys" ADD CONSTRAINT "service_keys_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every instance reads the keys again when one changes (staff-only channel: the public stream never hears of it).
CREATE TRIGGER service_keys_notify AFTER INSERT OR UPDATE OR DELETE ON "service_keys" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');
