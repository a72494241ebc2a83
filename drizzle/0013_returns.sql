CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"custom_order_id" uuid,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decision_note" text,
	"resaleable" boolean,
	"refund_id" uuid,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_one_target" CHECK (num_nonnulls("return_requests"."order_id", "return_requests"."custom_order_id") = 1),
	CONSTRAINT "return_requests_status" CHECK ("return_requests"."status" in ('requested', 'approved', 'refused', 'received', 'refunded')),
	CONSTRAINT "return_requests_reason" CHECK ("return_requests"."reason" in ('changed_mind', 'defective', 'damaged_in_transit', 'wrongly_made'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_custom_order_id_custom_neon_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_neon_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_open_order_uq" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" in ('requested', 'approved', 'received') and "return_requests"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_open_custom_uq" ON "return_requests" USING btree ("custom_order_id") WHERE "return_requests"."status" in ('requested', 'approved', 'received') and "return_requests"."custom_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key_uq" ON "refunds" USING btree ("request_key");