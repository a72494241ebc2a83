import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { failedAnswer } from "~/shared/form-answer";
import { tooManyAttemptsMessage } from "~/shared/rate-limits";
import { dbPool } from "~/platform/db/client.server";
import { platformPorts } from "~/platform/ports.server";
import { logger } from "~/platform/logger.server";
import { env } from "~/platform/env.server";

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
  /**
   * The customiser's measured "can we make it" answer (GET /api/design-check, issue 44), per client network: one
   * ask per pause in typing; each is a few milliseconds of layout, a new font's glyphs a little more.
   */
  designCheckPerClient: { points: 120, duration: 60 },
  /** Payment verifications from one client address. */
  verifyPerClient: { points: 30, duration: 10 * 60 },
  /** The test gateway's signer, per client address. */
  testSignPerClient: { points: 30, duration: 10 * 60 },
  /** "Release my hold" calls (payment window closed or failed), per client address. */
  releasePerClient: { points: 30, duration: 10 * 60 },
  /** Tax invoice requests from the shopper's order page, per client address (each issues at most one invoice). */
  invoiceRequestPerClient: { points: 10, duration: 10 * 60 },
  /** Invoice and credit note PDF downloads from order pages, per client network (the first one draws the PDF). */
  documentDownloadPerClient: { points: 60, duration: 10 * 60 },
  /**
   * The same per order link (its token's hash), whatever the network: rotated networks cannot flood one
   * order's documents (issue 41). A shopper downloads an order's few documents a few times.
   */
  documentDownloadPerOrder: { points: 30, duration: 10 * 60 },
  /** Razorpay webhook calls per sending address (each is signature-checked; this only bounds the work). */
  webhookPerClient: { points: 600, duration: 60 },
  /** WhatsApp webhook calls (button replies) per sending network (signature-checked; this only bounds the work). */
  whatsappWebhookPerClient: { points: 600, duration: 60 },
  /** Order confirmations to one mailbox (app/shared/mail-safety.ts mailboxKey). */
  mailPerRecipient: { points: 3, duration: 60 * 60 },
  /** New-order notices to the shop's own address (SHOP_NOTICES_PER_HOUR). */
  shopNoticesPerHour: { points: 60, duration: 60 * 60 },
  /** "Find my order" lookups from one client address (each may e-mail an order's link to its owner). */
  orderLookupPerClient: { points: 10, duration: 60 * 60 },
  /** Order-page actions (cancel, pay again, ask for an invoice) from one client address. */
  orderActionPerClient: { points: 30, duration: 10 * 60 },
  /** Logo quote requests (each stores an uploaded picture) from one client address. */
  logoQuotePerClient: { points: 5, duration: 60 * 60 },
  /** Complaints raised (each gives the grievance officer work and may store a photo) from one client network. */
  complaintPerClient: { points: 5, duration: 60 * 60 },
  /** Staff invitation links (issue 31): accepting one, per client network. */
  staffInvitePerClient: { points: 10, duration: 60 * 60 },
  /** Passkey sign-in ceremonies (options and answers), per client network. */
  passkeySignInPerClient: { points: 30, duration: 15 * 60 },
  /** Shopper's replies on their complaints' pages from one client network. */
  complaintReplyPerClient: { points: 20, duration: 60 * 60 },
  /** Shopper's replies on one complaint (each notifies staff), per ticket. */
  complaintReplyPerTicket: { points: 10, duration: 24 * 60 * 60 },
  /** Every post on "My data" (start, code, correction, erasure, consents) from one client network (issue 32). */
  dataRequestPerClient: { points: 30, duration: 10 * 60 },
  /** "My data" requests started (each may mail a one-time code) from one client network. */
  dataRequestStartPerClient: { points: 5, duration: 60 * 60 },
  /** "My data" requests started for one e-mail or phone (codes mailed to its owner): 3 an hour. */
  dataRequestStartPerContact: { points: 3, duration: 60 * 60 },
  /** "My data" exports downloaded from one client network (each reads every table of the contact). */
  dataExportPerClient: { points: 20, duration: 10 * 60 },
  /**
   * Requests that store something or send staff work (logo quotes; complaints and reviews later), per
   * phone and per mailbox: 3 a day (docs/decisions/027-limits-by-network.md).
   */
  intakePerContact: { points: 3, duration: 24 * 60 * 60 },
  /** Bytes of uploads stored per day in all, per kind of intake (INTAKE_MB_PER_DAY). */
  intakeBytesPerDay: { points: 200 * 1024 * 1024, duration: 24 * 60 * 60 },
  /** Order pages and their documents read from one client address (bounds the work of guessing links). */
  orderPagePerClient: { points: 300, duration: 60 },
  /** "Delivery to my PIN" look-ups from one client network (each may ask the courier's API; issue 28). */
  pinLookupPerClient: { points: 60, duration: 10 * 60 },
  /** Courier tracking webhook calls per sending network (token-checked; each re-reads the tracking API). */
  courierWebhookPerClient: { points: 300, duration: 60 },
  /**
   * Cart-reminder saves from the checkout (debounced: one per pause in typing), per client network (issue 30,
   * decision 045): updates and withdrawals included.
   */
  recoverySavePerClient: { points: 30, duration: 10 * 60 },
  /** New abandoned checkouts (each may lead to two reminders to the contact given) per client network: 5 a day. */
  recoveryNewPerClient: { points: 5, duration: 24 * 60 * 60 },
  /** New abandoned checkouts naming one mailbox or phone: 3 a day (reminders: one sequence a week per contact). */
  recoveryNewPerContact: { points: 3, duration: 24 * 60 * 60 },
  /** Unsubscribe posts and restore-page loads per client network (each looks a token up). */
  recoveryLinkPerClient: { points: 60, duration: 10 * 60 },
  /**
   * Product feed downloads (/feeds/google.xml, /feeds/meta.csv; issue 46) per client network: Google and Meta
   * fetch a feed a few times a day; each answer is the cached feed, this only bounds the bytes sent.
   */
  feedPerClient: { points: 30, duration: 10 * 60 },
  /** Web-vitals beacons from one client address (one per sampled page load; issue 19). */
  vitalsPerClient: { points: 30, duration: 10 * 60 },
  /** Content-Security-Policy report posts from one client address (browsers batch them). */
  cspReportsPerClient: { points: 60, duration: 10 * 60 },
  /*
   * Daily shares of the Site Speed figures per client network (issue 25). The key holds the day in India,
   * so a share starts afresh at midnight IST; beyond it a beacon or report is still answered 204 (a browser
   * must not retry) and counted in monitoring_drops, which the admin sees.
   */
  /**
   * Vitals beacons one network adds per day, page pattern and device class. At the 25 % sample rate a
   * shopper sends one beacon per four page loads, so 3 covers one who opens a page a dozen times a day.
   * Pulling a p75 past every real value takes more than a third as many fake samples as real ones (over
   * 25 % of all), so with 3 a day a sender needs a ninth as many networks as the page had real samples.
   */
  vitalsPerNetworkPageDay: { points: 3, duration: 24 * 60 * 60 },
  /**
   * New kinds of CSP report (blocked origin, directive, page) one network adds per day. A real browser
   * meets one to three blocked things on our pages (an extension perhaps a few more); filling the day's
   * 200 kinds (CSP_ROWS_PER_DAY) takes 40 networks instead of one.
   */
  cspNewKindsPerNetworkDay: { points: 5, duration: 24 * 60 * 60 },
  /**
   * CSP violations one network counts per day, new or known kinds: a shopper's browser reports a broken
   * script once per page load, and a few dozen page loads a day is a busy shopper; one network cannot
   * make a kind look common.
   */
  cspReportsPerNetworkDay: { points: 100, duration: 24 * 60 * 60 },
  /**
   * Discount codes tried that do not exist or can no longer be used, per client network: 10 an hour, then
   * an hour's wait before any code is checked again (docs/decisions/027-limits-by-network.md).
   */
  discountMissesPerClient: { points: 10, duration: 60 * 60, blockDuration: 60 * 60 },
  /** The same per phone and per mailbox the checkout carries: 5 an hour, then an hour's wait. */
  discountMissesPerContact: { points: 5, duration: 60 * 60, blockDuration: 60 * 60 },
  /**
   * The same for the whole shop (one key): an attacker with thousands of networks (an IPv6 /48 holds 65,536
   * /64s) still gets at most 600 wrong answers an hour; then codes are not checked for anyone until the hour
   * is over. Real shoppers mistype a few codes an hour, not hundreds.
   */
  discountMissesShopWide: { points: 600, duration: 60 * 60, blockDuration: 60 * 60 },
  /** Admin sign-in attempts for one email from one address; a success clears it. */
  loginPerEmailAndAddress: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Failed admin sign-ins from one address, whatever the email. */
  loginFailuresPerAddress: { points: 20, duration: 15 * 60, blockDuration: 15 * 60 },
  /**
   * Failed sign-ins for one email from browsers and networks it has never signed in from, whatever the
   * network: 10 an hour, then an hour's wait (docs/decisions/028-account-sign-in-defence.md).
   */
  loginFailuresPerAccount: { points: 10, duration: 60 * 60, blockDuration: 60 * 60 },
  /** The same, over a day: at most 30 guesses a day at one account however many networks try. */
  loginFailuresPerAccountDay: { points: 30, duration: 24 * 60 * 60, blockDuration: 24 * 60 * 60 },
  /**
   * Second-factor codes (authenticator or backup) tried for one account from browsers that never finished
   * a sign-in of it with a code, whatever the network: 10 an hour and 20 a day (issue 41). A right code gives
   * its try back. Reaching it ends the account's unfinished sign-ins and mails the member once an hour.
   */
  codeTriesPerAccount: { points: 10, duration: 60 * 60, blockDuration: 60 * 60 },
  codeTriesPerAccountDay: { points: 20, duration: 24 * 60 * 60, blockDuration: 24 * 60 * 60 },
  /** The mail saying an account's code tries ran out: once an hour per account. */
  codeLockMailPerAccount: { points: 1, duration: 60 * 60 },
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
      // The owner's setting, given by app/wiring/platform.server.ts.
      points: (await platformPorts().checkoutRatePerHour?.()) ?? LIMITS.checkoutPerClient.points,
    };
  if (name === "intakeBytesPerDay")
    return { ...LIMITS.intakeBytesPerDay, points: env().INTAKE_MB_PER_DAY * 1024 * 1024 };
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

/** A limit's refusal as a value: the message people can read and the seconds until they may try again. */
export type LimitRefusal = { limit: string; message: string; retryAfterSeconds: number };

/**
 * consume() that answers instead of throwing: `{ ok: true }` when counted, or the refusal when over the
 * limit (other errors still throw). For callers that answer a refusal their own way (a 429 page, a mail
 * not sent, a beacon dropped), so none of them catches RateLimited by hand.
 */
export async function tryConsume(
  name: LimitName | { name: string; def: LimitDef },
  key: string,
  points = 1,
): Promise<{ ok: true } | ({ ok: false } & LimitRefusal)> {
  try {
    await consume(name, key, points);
    return { ok: true };
  } catch (err) {
    if (!(err instanceof RateLimited)) throw err;
    return { ok: false, limit: err.limit, message: err.message, retryAfterSeconds: err.retryAfterSeconds };
  }
}

/** The Retry-After header of a refusal. */
export function retryAfter(refusal: Pick<LimitRefusal, "retryAfterSeconds">): Record<string, string> {
  return { "Retry-After": String(refusal.retryAfterSeconds) };
}

/** Give back one point counted for `key` (an attempt that turned out right). */
export async function refund(name: LimitName, key: string): Promise<void> {
  try {
    await limiter(name, await definition(name)).reward(key.slice(0, 200), 1);
  } catch (err) {
    logger.error({ err, limit: name }, "rate limit store failed; point not given back");
  }
}

/** Count a failure against a limit without refusing anything now (the next attempt is refused). */
export async function countQuietly(name: LimitName, key: string): Promise<void> {
  await consume(name, key).catch((err: unknown) => {
    if (!(err instanceof RateLimited)) throw err;
  });
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

/**
 * The HTTP answer for a RateLimited error: 429 with Retry-After, in the one answer shape (`{ ok: false,
 * message }`, decision 058) with `code` and `retryAfterSeconds` beside it.
 */
export function tooManyRequests(
  err: Pick<RateLimited, "message" | "retryAfterSeconds">,
  body: Record<string, unknown> = {},
): Response {
  return Response.json(
    {
      ...failedAnswer(err.message),
      code: "rate-limited",
      retryAfterSeconds: err.retryAfterSeconds,
      ...body,
    },
    { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}
