CREATE INDEX "custom_orders_name_search_idx" ON "custom_neon_orders" USING gin (to_tsvector('simple', "customer_name"));--> statement-breakpoint
CREATE INDEX "custom_orders_email_prefix_idx" ON "custom_neon_orders" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "custom_orders_phone_prefix_idx" ON "custom_neon_orders" USING btree ("customer_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "custom_orders_phone_suffix_idx" ON "custom_neon_orders" USING btree (reverse("customer_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "custom_orders_status_created_idx" ON "custom_neon_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_name_search_idx" ON "orders" USING gin (to_tsvector('simple', "customer_name"));--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_prefix_idx" ON "orders" USING btree ("customer_phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_suffix_idx" ON "orders" USING btree (reverse("customer_phone") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");