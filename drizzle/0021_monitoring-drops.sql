CREATE TABLE "monitoring_drops" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monitoring_drops_day_kind_reason_pk" PRIMARY KEY("day","kind","reason"),
	CONSTRAINT "monitoring_drops_kind" CHECK ("monitoring_drops"."kind" in ('csp', 'vitals')),
	CONSTRAINT "monitoring_drops_reason" CHECK ("monitoring_drops"."reason" in ('network-cap', 'day-full')),
	CONSTRAINT "monitoring_drops_count" CHECK ("monitoring_drops"."count" >= 0)
);
