-- Limits and per-customer matches count a client by its network (docs/decisions/027-limits-by-network.md):
-- checkouts.client_ip and logo_quotes.client_ip hold the IPv4 address or the IPv6 /64, and the e-mail keys
-- of checkouts and discount redemptions the mailbox (a+tag@ folded, Gmail dots dropped), as the app now writes.
CREATE OR REPLACE FUNCTION pg_temp.neon_network_key(raw text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  a inet;
BEGIN
  IF raw IS NULL OR raw = '' THEN RETURN raw; END IF;
  BEGIN
    a := host(raw::inet)::inet;
  EXCEPTION WHEN others THEN
    RETURN raw;
  END;
  IF family(a) = 6 AND host(a) ~* '^::ffff:[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' THEN
    RETURN substr(host(a), 8);
  END IF;
  IF family(a) = 4 THEN RETURN host(a); END IF;
  RETURN text(network(set_masklen(a, 64)));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pg_temp.neon_mailbox_key(raw text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE
    WHEN position('@' in e) < 2 THEN e
    ELSE (
      SELECT CASE WHEN d IN ('gmail.com', 'googlemail.com') THEN replace(l, '.', '') || '@gmail.com' ELSE l || '@' || d END
      FROM (SELECT split_part(split_part(e, '@', 1), '+', 1) AS l, split_part(e, '@', 2) AS d) parts
    )
  END
  FROM (SELECT lower(trim(raw)) AS e) t
$$;
--> statement-breakpoint
UPDATE "checkouts" SET "client_ip" = pg_temp.neon_network_key("client_ip") WHERE "client_ip" IS NOT NULL;
--> statement-breakpoint
UPDATE "logo_quotes" SET "client_ip" = pg_temp.neon_network_key("client_ip") WHERE "client_ip" IS NOT NULL;
--> statement-breakpoint
UPDATE "checkouts" SET "customer_email" = pg_temp.neon_mailbox_key("customer_email") WHERE "customer_email" IS NOT NULL;
--> statement-breakpoint
UPDATE "discount_redemptions" SET "customer_email" = pg_temp.neon_mailbox_key("customer_email");
