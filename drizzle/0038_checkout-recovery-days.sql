CREATE TABLE "checkout_recovery_days" (
	"day" date PRIMARY KEY NOT NULL,
	"saved" integer DEFAULT 0 NOT NULL,
	"reminded" integer DEFAULT 0 NOT NULL,
	"recovered" integer DEFAULT 0 NOT NULL,
	"revenue" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every deleted abandoned checkout (kept period over, unticked, unsubscribed, erased, or replaced after an order)
-- is added to its IST day's counts, so the recovery dashboard's figures outlive the rows. Counts only.
CREATE FUNCTION neon_fold_abandoned_checkouts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO checkout_recovery_days AS d (day, saved, reminded, recovered, revenue)
  SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date,
         count(*)::int,
         (count(*) FILTER (WHERE first_sent_at IS NOT NULL))::int,
         (count(*) FILTER (WHERE recovered_amount IS NOT NULL))::int,
         coalesce(sum(recovered_amount), 0)::int
    FROM gone
   GROUP BY 1
  ON CONFLICT (day) DO UPDATE SET
    saved = d.saved + excluded.saved,
    reminded = d.reminded + excluded.reminded,
    recovered = d.recovered + excluded.recovered,
    revenue = d.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER abandoned_checkouts_fold AFTER DELETE ON "abandoned_checkouts"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION neon_fold_abandoned_checkouts();
