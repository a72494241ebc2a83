ALTER TABLE "cod_confirmations" ADD COLUMN "prepay_razorpay_order_id" text;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD COLUMN "prepay_amount" integer;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD COLUMN "prepay_is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD COLUMN "prepay_plan" jsonb;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD COLUMN "prepaid_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_confirmations_prepay_order_uq" ON "cod_confirmations" USING btree ("prepay_razorpay_order_id");--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_prepay_amount" CHECK ("cod_confirmations"."prepay_amount" is null or "cod_confirmations"."prepay_amount" >= 1);