CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "invoice_counters_positive" CHECK ("invoice_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"order_id" uuid,
	"custom_order_id" uuid,
	"invoice_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"reason" text,
	"snapshot" jsonb NOT NULL,
	"issued_by" text NOT NULL,
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_one_order" CHECK (num_nonnulls("invoices"."order_id", "invoices"."custom_order_id") = 1),
	CONSTRAINT "invoices_credit_note_has_invoice" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."invoice_id" is not null)),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."total_paise" >= 0 and "invoices"."tax_paise" >= 0 and "invoices"."taxable_paise" + "invoices"."tax_paise" = "invoices"."total_paise"),
	CONSTRAINT "invoices_number_length" CHECK (length("invoices"."number") <= 16)
);
--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "custom_neon_orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_custom_order_uq" ON "invoices" USING btree ("custom_order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_custom_order_idx" ON "invoices" USING btree ("custom_order_id");--> statement-breakpoint
CREATE INDEX "invoices_invoice_idx" ON "invoices" USING btree ("invoice_id");--> statement-breakpoint
-- Issued invoices and credit notes are never changed or deleted (CGST Rules, rule 46; decision 021).
CREATE FUNCTION "invoices_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoices are immutable once issued (% refused)', TG_OP USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_no_update_or_delete" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_immutable"();
