ALTER TABLE "shipments" ADD COLUMN "tracking_stage" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracked_at" timestamp with time zone;