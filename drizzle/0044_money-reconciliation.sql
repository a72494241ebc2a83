CREATE TABLE "cod_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"awb" text NOT NULL,
	"reference" text NOT NULL,
	"remitted_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"file_name" text,
	"uploaded_by" uuid,
	"uploaded_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_amount" CHECK ("cod_remittances"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_settlement_lines" (
	"entity_id" text NOT NULL,
	"type" text NOT NULL,
	"settlement_id" text NOT NULL,
	"utr" text,
	"payment_id" text,
	"razorpay_order_id" text,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_settlement_lines_entity_id_type_pk" PRIMARY KEY("entity_id","type"),
	CONSTRAINT "gateway_settlement_lines_type" CHECK ("gateway_settlement_lines"."type" in ('payment', 'refund', 'adjustment', 'transfer', 'other'))
);
--> statement-breakpoint
CREATE TABLE "gateway_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"utr" text,
	"status" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_fetches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"months" text NOT NULL,
	"ok" boolean NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"settlements" integer DEFAULT 0 NOT NULL,
	"message" text
);
--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_uploaded_by_admin_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_awb_reference_uq" ON "cod_remittances" USING btree ("awb","reference");--> statement-breakpoint
CREATE INDEX "cod_remittances_remitted_idx" ON "cod_remittances" USING btree ("remitted_on");--> statement-breakpoint
CREATE INDEX "gateway_settlement_lines_payment_idx" ON "gateway_settlement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "gateway_settlement_lines_settled_idx" ON "gateway_settlement_lines" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "gateway_settlement_lines_settlement_idx" ON "gateway_settlement_lines" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "gateway_settlements_settled_idx" ON "gateway_settlements" USING btree ("settled_at");--> statement-breakpoint
CREATE TRIGGER gateway_settlement_lines_notify AFTER INSERT OR UPDATE OR DELETE ON "gateway_settlement_lines" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');--> statement-breakpoint
CREATE TRIGGER cod_remittances_notify AFTER INSERT OR UPDATE OR DELETE ON "cod_remittances" FOR EACH STATEMENT EXECUTE FUNCTION neon_notify_change('order_changes');
