ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind";--> statement-breakpoint
DROP INDEX "invoices_one_per_order_uq";--> statement-breakpoint
DROP INDEX "invoices_one_per_custom_order_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" in ('invoice', 'bill_of_supply');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_custom_order_uq" ON "invoices" USING btree ("custom_order_id") WHERE "invoices"."kind" in ('invoice', 'bill_of_supply');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('invoice', 'credit_note', 'bill_of_supply'));