-- Unique display orders that reorders swap inside one transaction: checked at commit.
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_order_uq" UNIQUE ("product_id", "display_order") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "bestselling_products" ADD CONSTRAINT "bestselling_products_order_uq" UNIQUE ("display_order") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_order_uq" UNIQUE ("display_order") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
-- Live updates: every change is announced on a channel; every app instance LISTENs.
-- The payload is only the table name: listeners re-read what they show.
CREATE OR REPLACE FUNCTION neon_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');--> statement-breakpoint
CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');--> statement-breakpoint
CREATE TRIGGER product_images_notify AFTER INSERT OR UPDATE OR DELETE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');--> statement-breakpoint
CREATE TRIGGER bestselling_notify AFTER INSERT OR UPDATE OR DELETE ON "bestselling_products" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');--> statement-breakpoint
CREATE TRIGGER banners_notify AFTER INSERT OR UPDATE OR DELETE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('catalog_changes');--> statement-breakpoint
CREATE TRIGGER orders_notify AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');--> statement-breakpoint
CREATE TRIGGER custom_orders_notify AFTER INSERT OR UPDATE OR DELETE ON "custom_neon_orders" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');--> statement-breakpoint
CREATE TRIGGER order_history_notify AFTER INSERT ON "order_status_history" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');
