CREATE TABLE "message_deliveries" (
	"dedupe_key" varchar(200) PRIMARY KEY NOT NULL,
	"queue" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
