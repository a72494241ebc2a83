ALTER TABLE "shipments" ADD COLUMN "ndr_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_raised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_answer" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_answer_details" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "ndr_last_error" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cancelled_at" timestamp with time zone;