import { sql } from "drizzle-orm";
import {
  applyCode,
  codeRefusal,
  generateDiscountCode,
  normalizeCode,
  type CodeUsage,
  type DiscountableLine,
  type AppliedDiscount,
  type DiscountCode,
} from "~/features/discount-codes/discounts";
import { todayInIndia } from "~/shared/ist-dates";
import { mailboxKey } from "~/shared/mail-safety";
import { discountCodes, discountRedemptions } from "./tables.server";
import { countQuietly, waitSeconds } from "~/platform/limits/rate-limit.server";
import type { DbOrTx } from "~/platform/db/client.server";

/*
 * A discount code at checkout: read (and, when placing, row-locked until the order commits, so the uses
 * counted here cannot change before this checkout's own use is written), checked with the domain's
 * rules, priced. Uses are counted from the redemptions of checkouts that still have an order not
 * cancelled: an unpaid online order that expires gives its use back.
 */

export type Shopper = { phone: string; email: string };

const codeColumns = sql`id, code, kind, value, min_subtotal, applies_to, starts_on::text as starts_on,
  ends_on::text as ends_on, max_uses, max_uses_per_shopper, is_active, for_email`;

type CodeRow = {
  id: string;
  code: string;
  kind: DiscountCode["kind"];
  value: number;
  min_subtotal: number;
  applies_to: DiscountCode["appliesTo"];
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  max_uses_per_shopper: number | null;
  is_active: boolean;
  for_email: string | null;
};

const toCode = (r: CodeRow): DiscountCode => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: r.value,
  minSubtotal: r.min_subtotal,
  appliesTo: r.applies_to,
  startsOn: r.starts_on,
  endsOn: r.ends_on,
  maxUses: r.max_uses,
  maxUsesPerShopper: r.max_uses_per_shopper,
  isActive: r.is_active,
  forEmail: r.for_email,
});

/** The code as stored (matched without regard to case); `lock` holds its row until the transaction ends. */
export async function findCode(db: DbOrTx, typed: string, lock = false): Promise<DiscountCode | undefined> {
  const r = await db.execute<CodeRow>(
    sql`select ${codeColumns} from ${discountCodes} where upper(code) = ${normalizeCode(typed)} ${lock ? sql`for update` : sql``}`,
  );
  return r.rows[0] ? toCode(r.rows[0]) : undefined;
}

/** A code's uses: in all, and by this shopper (same phone or email), counting checkouts not cancelled. */
export async function codeUsage(db: DbOrTx, codeId: string, shopper: Shopper | null): Promise<CodeUsage> {
  const r = await db.execute<{ total: number; mine: number }>(sql`
    select count(*)::int as total,
      count(*) filter (where ${shopper ? sql`r.customer_phone = ${shopper.phone} or r.customer_email = ${shopper.email}` : sql`false`})::int as mine
    from ${discountRedemptions} r
    where r.code_id = ${codeId}
      and (exists (select 1 from orders o where o.checkout_id = r.checkout_id and o.status <> 'cancelled')
        or exists (select 1 from custom_neon_orders co where co.checkout_id = r.checkout_id and co.status <> 'cancelled'))`);
  return { total: r.rows[0]?.total ?? 0, byShopper: r.rows[0]?.mine ?? 0 };
}

export type CodeCheck =
  { ok: true; codeId: string; discount: AppliedDiscount } | { ok: false; message: string; miss: boolean };

/**
 * Whether the typed code applies to these lines for this shopper today, and what it takes off. When
 * placing an order, pass `lock`: the code's row stays locked until the order's transaction ends.
 */
export async function checkDiscountCode(
  db: DbOrTx,
  typed: string,
  ctx: { lines: DiscountableLine[]; shopper: Shopper | null; lock?: boolean },
): Promise<CodeCheck> {
  const found = await findCode(db, typed, ctx.lock);
  // A code sent to one shopper is unknown to anyone else (the same answer as a made-up code).
  const forEmail = found?.forEmail ?? null;
  const code = forEmail && ctx.shopper && mailboxKey(ctx.shopper.email) !== forEmail ? undefined : found;
  const usage = code ? await codeUsage(db, code.id, ctx.shopper) : { total: 0, byShopper: 0 };
  const refusal = codeRefusal(code, { typed, today: todayInIndia(), usage, lines: ctx.lines });
  if (refusal || !code) return { ok: false, message: refusal?.message ?? "", miss: refusal?.miss ?? true };
  return { ok: true, codeId: code.id, discount: applyCode(code, ctx.lines) };
}

/**
 * A code for one shopper (a cart reminder's, issue 30): unguessable (generateDiscountCode), percent off
 * everything, one use in all, only for this mailbox, last valid on `endsOn` (YYYY-MM-DD, India).
 */
export async function createSingleUseCode(
  db: DbOrTx,
  o: { percent: number; forEmail: string; endsOn: string; description: string },
): Promise<{ id: string; code: string }> {
  const code = generateDiscountCode();
  const [row] = await db
    .insert(discountCodes)
    .values({
      code,
      description: o.description,
      kind: "percent",
      value: o.percent,
      endsOn: o.endsOn,
      maxUses: 1,
      maxUsesPerShopper: 1,
      forEmail: mailboxKey(o.forEmail),
    })
    .returning({ id: discountCodes.id });
  return { id: row!.id, code };
}

/** This checkout's use of the code (one per checkout). */
export async function recordRedemption(
  db: DbOrTx,
  codeId: string,
  checkoutId: string,
  shopper: Shopper,
  amount: number,
): Promise<void> {
  await db.insert(discountRedemptions).values({
    codeId,
    checkoutId,
    customerPhone: shopper.phone,
    customerEmail: shopper.email,
    amount,
  });
}

/**
 * Who is trying a code, for the limits on wrong guesses (docs/decisions/027-limits-by-network.md): the
 * client's network, and the phone and mailbox the checkout carries when typed.
 */
export type CodeGuesser = { network: string; phone?: string | null; email?: string | null };

const guessKeys = (g: CodeGuesser) => ({
  network: g.network,
  contacts: [g.phone ? `phone:${g.phone}` : "", g.email ? `email:${mailboxKey(g.email)}` : ""].filter(
    Boolean,
  ),
});

/** Seconds before this client may try another code (0: now). Not inside a transaction: it reads the pool. */
export async function codeGuessWait(g: CodeGuesser): Promise<number> {
  const k = guessKeys(g);
  const waits = await Promise.all([
    waitSeconds("discountMissesShopWide", "shop"),
    waitSeconds("discountMissesPerClient", k.network),
    ...k.contacts.map((c) => waitSeconds("discountMissesPerContact", c)),
  ]);
  return Math.max(0, ...waits);
}

/**
 * Count a wrong guess against the network and the contacts (the next try over a limit waits). Called
 * after any transaction ended: it writes through the pool.
 */
export async function countCodeMiss(g: CodeGuesser): Promise<void> {
  const k = guessKeys(g);
  await countQuietly("discountMissesShopWide", "shop");
  await countQuietly("discountMissesPerClient", k.network);
  for (const c of k.contacts) await countQuietly("discountMissesPerContact", c);
}
