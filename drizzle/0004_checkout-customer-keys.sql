ALTER TABLE "checkouts" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "address_key" text;--> statement-breakpoint
CREATE INDEX "checkouts_client_ip_idx" ON "checkouts" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_customer_phone_idx" ON "checkouts" USING btree ("customer_phone","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_customer_email_idx" ON "checkouts" USING btree ("customer_email","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_address_key_idx" ON "checkouts" USING btree ("address_key","created_at");--> statement-breakpoint
UPDATE "checkouts" c SET "customer_phone" = x.customer_phone, "customer_email" = lower(x.customer_email)
FROM (
  SELECT checkout_id, customer_phone, customer_email FROM "orders" WHERE checkout_id IS NOT NULL
  UNION ALL
  SELECT checkout_id, customer_phone, customer_email FROM "custom_neon_orders" WHERE checkout_id IS NOT NULL
) x
WHERE x.checkout_id = c.id AND c.customer_phone IS NULL;
