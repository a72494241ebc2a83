CREATE TABLE "shop_notice_backlog" (
	"dedupe_key" text PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
