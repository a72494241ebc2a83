CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_by_email" text,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Live updates: a settings change is announced like a catalogue change (payload: the table name), so every
-- instance drops its cached settings and open storefront and admin pages re-read them.
CREATE TRIGGER shop_settings_notify AFTER INSERT OR UPDATE OR DELETE ON "shop_settings" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');
