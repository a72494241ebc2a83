CREATE TABLE "go_live_ticks" (
	"item" text PRIMARY KEY NOT NULL,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ticked_by_email" text
);
