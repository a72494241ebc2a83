import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { tooManyAttemptsMessage } from "~/domain/rate-limits";
import { dbPool } from "./db/client.server";
import { cachedShopSettings, shopSettings } from "./store-settings.server";
import { logger } from "./logger.server";
import { env } from "./env.server";

/*
 * Rate limits shared by every instance: rate-limiter-flexible's RateLimiterPostgres over our own pool and
 * the `rate_limits` table (migration 0003). Each limit is a named entry of LIMITS; a key is whatever the
 * caller counts by (client address, phone, email, ...). Numbers and reasons: docs/decisions/010-abuse-limits.md.
 */

type LimitDef = {
  /** Requests allowed per window. */
  points: number;
  /** Window in seconds. */
  duration: number;
  /** Once over the limit, refuse for this many seconds (default: until the window ends). */
  blockDuration?: number;
};

export const LIMITS = {
  /** Checkout submissions (COD or online, repeats included) from one client address (CHECKOUT_RATE_PER_HOUR). */
  checkoutPerClient: { points: 20, duration: 60 * 60 },
  /** Cart re-pricing from one client address (the checkout page asks on every cart change). */
  quotePerClient: { points: 120, duration: 60 },
  /** Payment verifications from one client address. */
  verifyPerClient: { points: 30, duration: 10 * 60 },
  /** The test gateway's signer, per client address. */
  testSignPerClient: { points: 30, duration: 10 * 60 },
  /** "Release my hold" calls (payment window closed or failed), per client address. */
  releasePerClient: { points: 30, duration: 10 * 60 },
  /** Tax invoice requests from the shopper's order page, per client address (each issues at most one invoice). */
  invoiceRequestPerClient: { points: 10, duration: 10 * 60 },
  /** Invoice and credit note PDF downloads from order pages, per client address (each renders a PDF). */
  documentDownloadPerClient: { points: 60, duration: 10 * 60 },
  /** Razorpay webhook calls per sending address (each is signature-checked; this only bounds the work). */
  webhookPerClient: { points: 600, duration: 60 },
  /** Order confirmations to one mailbox (app/domain/mail-safety.ts mailboxKey). */
  mailPerRecipient: { points: 3, duration: 60 * 60 },
  /** New-order notices to the shop's own address (SHOP_NOTICES_PER_HOUR). */
  shopNoticesPerHour: { points: 60, duration: 60 * 60 },
  /** "Find my order" lookups from one client address (each may e-mail an order's link to its owner). */
  orderLookupPerClient: { points: 10, duration: 60 * 60 },
  /** Order-page actions (cancel, pay again, ask for an invoice) from one client address. */
  orderActionPerClient: { points: 30, duration: 10 * 60 },
  /** Logo quote requests (each stores an uploaded picture) from one client address. */
  logoQuotePerClient: { points: 5, duration: 60 * 60 },
  /** Order pages and their documents read from one client address (bounds the work of guessing links). */
  orderPagePerClient: { points: 300, duration: 60 },
  /** Web-vitals beacons from one client address (one per sampled page load; issue 19). */
  vitalsPerClient: { points: 30, duration: 10 * 60 },
  /** Content-Security-Policy report posts from one client address (browsers batch them). */
  cspReportsPerClient: { points: 60, duration: 10 * 60 },
  /** Admin sign-in attempts for one email from one address; a success clears it. */
  loginPerEmailAndAddress: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Failed admin sign-ins from one address, whatever the email. */
  loginFailuresPerAddress: { points: 20, duration: 15 * 60, blockDuration: 15 * 60 },
} satisfies Record<string, LimitDef>;

export type LimitName = keyof typeof LIMITS;

export class RateLimited extends Error {
  constructor(
    readonly limit: string,
    readonly retryAfterSeconds: number,
  ) {
    super(tooManyAttemptsMessage(retryAfterSeconds));
  }
}

/** A limit's definition, with the owner's setting where there is one (checkouts per address per hour). */
async function definition(name: LimitName): Promise<LimitDef> {
  if (name === "checkoutPerClient")
    return {
      ...LIMITS.checkoutPerClient,
      // The database being down is reported by the request itself (as in consume()).
      points: (await shopSettings().catch(() => cachedShopSettings())).limits.checkoutRatePerHour,
    };
  if (name === "shopNoticesPerHour")
    return { ...LIMITS.shopNoticesPerHour, points: env().SHOP_NOTICES_PER_HOUR };
  return LIMITS[name];
}

// One limiter per (pool, limit): tests reconnect the pool between files.
const limiters = new WeakMap<pg.Pool, Map<string, RateLimiterPostgres>>();

function limiter(name: string, def: LimitDef): RateLimiterPostgres {
  const pool = dbPool();
  let byName = limiters.get(pool);
  if (!byName) limiters.set(pool, (byName = new Map()));
  const id = `${name}/${def.points}/${def.duration}`;
  let l = byName.get(id);
  if (!l) {
    l = new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      keyPrefix: name,
      points: def.points,
      duration: def.duration,
      blockDuration: def.blockDuration ?? 0,
      // Expired rows are deleted by the scheduled "sweep-expired-rows" job, once for all instances.
      clearExpiredByTimeout: false,
    });
    byName.set(id, l);
  }
  return l;
}

/**
 * Count `points` against the limit for `key`; throws RateLimited when over it. A database error is
 * logged and lets the request through: the database being down is reported by the request itself.
 */
export async function consume(
  name: LimitName | { name: string; def: LimitDef },
  key: string,
  points = 1,
): Promise<void> {
  const [limitName, def] = typeof name === "string" ? [name, await definition(name)] : [name.name, name.def];
  try {
    await limiter(limitName, def).consume(key.slice(0, 200), points);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      logger.warn({ limit: limitName, retryAfterSeconds: seconds }, "rate limit reached");
      throw new RateLimited(limitName, seconds);
    }
    logger.error({ err, limit: limitName }, "rate limit store failed; request let through");
  }
}

/** Seconds until `key` may try again under the limit (0 when it may now). Does not count anything. */
export async function waitSeconds(name: LimitName, key: string): Promise<number> {
  try {
    const def = await definition(name);
    const res = await limiter(name, def).get(key.slice(0, 200));
    if (!res || res.consumedPoints < def.points) return 0;
    return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  } catch (err) {
    logger.error({ err, limit: name }, "rate limit store failed; request let through");
    return 0;
  }
}

/** Forget every key of a limit that starts with `prefix` (e.g. every address's count for one email). */
export async function resetLimitPrefix(name: LimitName, prefix: string): Promise<number> {
  const full = `${name}:${prefix}`;
  const r = await dbPool().query("delete from rate_limits where left(key, $1) = $2", [full.length, full]);
  return r.rowCount ?? 0;
}

/** Forget a key's count (e.g. admin:create clearing a lock). */
export async function resetLimit(
  name: LimitName | { name: string; def: LimitDef },
  key: string,
): Promise<void> {
  const [limitName, def] = typeof name === "string" ? [name, await definition(name)] : [name.name, name.def];
  await limiter(limitName, def).delete(key.slice(0, 200));
}

/** The HTTP answer for a RateLimited error: 429 with Retry-After and a message people can read. */
export function tooManyRequests(err: RateLimited, body: Record<string, unknown> = {}): Response {
  return Response.json(
    { error: err.message, code: "rate-limited", retryAfterSeconds: err.retryAfterSeconds, ...body },
    { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}
