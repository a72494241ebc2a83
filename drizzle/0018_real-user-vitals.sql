CREATE TABLE "csp_reports" (
	"day" date NOT NULL,
	"blocked" text NOT NULL,
	"directive" text NOT NULL,
	"page" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"day" date NOT NULL,
	"page" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"buckets" integer[] NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "csp_reports_key_uq" ON "csp_reports" USING btree ("day","blocked","directive","page");--> statement-breakpoint
CREATE UNIQUE INDEX "web_vitals_key_uq" ON "web_vitals" USING btree ("day","page","device","metric");