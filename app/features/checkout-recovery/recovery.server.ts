import crypto from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { shopSettings } from "~/features/settings/store-settings.server";
import { mailboxKey } from "~/shared/mail-safety";
import { db, type DbOrTx } from "~/platform/db/client.server";
import { abandonedCheckouts, recoverySuppressions } from "./tables.server";
import { consume } from "~/platform/limits/rate-limit.server";
import { logger } from "~/platform/logger.server";
import type { RememberInput } from "./recovery";
import type { SavedLine } from "~/features/cart/saved-lines";
import { priceSavedCart } from "~/features/checkout/saved-cart-prices.server";

/*
 * Abandoned checkouts (issue 30, decision 045): the checkout's save and withdrawal, the restore link, the
 * unsubscribe, and what "My data" lists, exports and erases. The sweep and the messages are in
 * recovery-sweep.server.ts and recovery-messages.server.ts.
 */

/** A contact as data-rights spells it: a lower-case e-mail, or a phone as orders store it (E.164). */
export type RecoveryContact = { email: string } | { phone: string };

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

/** The phone as orders store it (E.164, +91 for Indian mobiles), or null. */
export function normalizePhone(raw: string): string | null {
  if (!raw.trim()) return null;
  const p = parsePhoneNumberFromString(raw.trim(), "IN");
  return p && p.isValid() ? p.number : null;
}

const suppressionHashes = (email: string | null, phone: string | null) =>
  [email ? sha256(`email:${mailboxKey(email)}`) : "", phone ? sha256(`phone:${phone}`) : ""].filter(Boolean);

/** True when the mailbox or the phone unsubscribed from cart reminders. */
export async function isSuppressed(q: DbOrTx, email: string | null, phone: string | null): Promise<boolean> {
  const hashes = suppressionHashes(email, phone);
  if (hashes.length === 0) return false;
  const r = await q
    .select({ h: recoverySuppressions.contactHash })
    .from(recoverySuppressions)
    .where(inArray(recoverySuppressions.contactHash, hashes))
    .limit(1);
  return r.length > 0;
}

export type RememberResult = { ok: true } | { ok: false; status: 404; message: string };

/**
 * The checkout's save: the box ticked with a valid e-mail keeps (or updates) this browser's abandoned checkout;
 * unticked forgets it. A contact that unsubscribed is answered the same way and nothing is stored (a stranger
 * learns nothing). New checkouts count against the network's and the contact's daily limits.
 */
export async function rememberCheckout(
  input: RememberInput,
  network: string,
  now = new Date(),
): Promise<RememberResult> {
  const keyHash = sha256(input.key);
  if (input.intent === "forget") {
    await db().delete(abandonedCheckouts).where(eq(abandonedCheckouts.editKeyHash, keyHash));
    return { ok: true };
  }
  if ((await shopSettings()).recovery.enabled !== "yes")
    return { ok: false, status: 404, message: "Cart reminders are off." };
  const email = input.email;
  const phone = normalizePhone(input.phone);
  if (await isSuppressed(db(), email, phone)) return { ok: true };
  // The shop's names and prices, never the browser's: a reminder says only what the shop says.
  const lines = await priceSavedCart(input.lines);
  if (lines.length === 0) {
    await db().delete(abandonedCheckouts).where(eq(abandonedCheckouts.editKeyHash, keyHash));
    return { ok: true };
  }
  const fields = {
    customerEmail: email,
    emailKey: mailboxKey(email),
    customerPhone: phone,
    whatsapp: input.whatsapp && phone !== null,
    customerName: input.name,
    lines,
    consentedAt: now,
    clientNetwork: network,
    updatedAt: now,
  };
  const [own] = await db()
    .select({
      id: abandonedCheckouts.id,
      firstSentAt: abandonedCheckouts.firstSentAt,
      convertedAt: abandonedCheckouts.convertedAt,
    })
    .from(abandonedCheckouts)
    .where(eq(abandonedCheckouts.editKeyHash, keyHash));
  // This browser ordered since: its next cart is a new abandoned checkout (with the limits of a new one).
  if (own?.convertedAt) await db().delete(abandonedCheckouts).where(eq(abandonedCheckouts.id, own.id));
  else if (own) {
    // Once a reminder went, the contact stays the one reminded (the lines and name may still change).
    const change = own.firstSentAt
      ? { lines: fields.lines, customerName: fields.customerName, updatedAt: now }
      : fields;
    await db().update(abandonedCheckouts).set(change).where(eq(abandonedCheckouts.id, own.id));
    return { ok: true };
  }
  await consume("recoveryNewPerClient", network);
  await consume("recoveryNewPerContact", `email:${fields.emailKey}`);
  if (phone) await consume("recoveryNewPerContact", `phone:${phone}`);
  await db()
    .insert(abandonedCheckouts)
    .values({
      ...fields,
      editKeyHash: keyHash,
      linkToken: crypto.randomBytes(32).toString("base64url"),
      createdAt: now,
    })
    .onConflictDoNothing();
  logger.info({ network }, "abandoned checkout saved with consent to reminders");
  return { ok: true };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The saved cart of a restore link (its opening noted), or null when the link is unknown or deleted. */
export async function restoreCart(token: string, now = new Date()): Promise<SavedLine[] | null> {
  return (await restoreCheckout(token, now))?.lines ?? null;
}

/** What the shopper typed at the checkout, put back with the cart (issue 42): only to the link's holder. */
export type SavedContact = { name: string; phone: string; email: string };

/** The saved cart and the contact typed beside it, for a restore link (marked restored), or null. */
export async function restoreCheckout(
  token: string,
  now = new Date(),
): Promise<{ lines: SavedLine[]; contact: SavedContact } | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db()
    .update(abandonedCheckouts)
    .set({ restoredAt: sql`coalesce(${abandonedCheckouts.restoredAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(abandonedCheckouts.linkToken, token))
    .returning({
      lines: abandonedCheckouts.lines,
      name: abandonedCheckouts.customerName,
      phone: abandonedCheckouts.customerPhone,
      email: abandonedCheckouts.customerEmail,
    });
  if (!row) return null;
  return {
    lines: row.lines as SavedLine[],
    contact: { name: row.name, phone: row.phone ?? "", email: row.email },
  };
}

/** Who a link belongs to (for the unsubscribe page), or null. */
export async function linkContact(token: string): Promise<{ email: string } | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db()
    .select({ email: abandonedCheckouts.customerEmail })
    .from(abandonedCheckouts)
    .where(eq(abandonedCheckouts.linkToken, token));
  return row ? { email: row.email } : null;
}

/**
 * Withdraw the consent everywhere: the mailbox and phone are suppressed for good and every abandoned checkout
 * naming either is deleted (nothing more is sent; queued messages find nothing). Idempotent.
 */
async function withdrawFor(email: string | null, phone: string | null): Promise<number> {
  const hashes = suppressionHashes(email, phone);
  return db().transaction(async (tx) => {
    for (const h of hashes)
      await tx.insert(recoverySuppressions).values({ contactHash: h }).onConflictDoNothing();
    const gone = await tx
      .delete(abandonedCheckouts)
      .where(
        or(
          email ? eq(abandonedCheckouts.emailKey, mailboxKey(email)) : sql`false`,
          phone ? eq(abandonedCheckouts.customerPhone, phone) : sql`false`,
        ),
      )
      .returning({ id: abandonedCheckouts.id });
    return gone.length;
  });
}

/** The one-click unsubscribe (RFC 8058 POST, or the page's button): false when the link is unknown. */
export async function unsubscribe(token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const [row] = await db()
    .select({ email: abandonedCheckouts.customerEmail, phone: abandonedCheckouts.customerPhone })
    .from(abandonedCheckouts)
    .where(eq(abandonedCheckouts.linkToken, token));
  if (!row) return false;
  const n = await withdrawFor(row.email, row.phone);
  logger.info({ deleted: n }, "cart reminders unsubscribed");
  return true;
}

const contactWhere = (c: RecoveryContact) =>
  "email" in c
    ? sql`lower(${abandonedCheckouts.customerEmail}) = ${c.email}`
    : eq(abandonedCheckouts.customerPhone, c.phone);

/** "My data": the contact's consents to cart reminders (one per saved checkout still waiting). */
export async function reminderConsents(c: RecoveryContact) {
  return db()
    .select({ id: abandonedCheckouts.id, consentedAt: abandonedCheckouts.consentedAt })
    .from(abandonedCheckouts)
    .where(and(contactWhere(c), isNull(abandonedCheckouts.convertedAt)));
}

/** "My data": withdraw (as an unsubscribe does, for the verified contact); false when the ref is not theirs. */
export async function withdrawReminderConsent(c: RecoveryContact, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false;
  const [row] = await db()
    .select({ email: abandonedCheckouts.customerEmail, phone: abandonedCheckouts.customerPhone })
    .from(abandonedCheckouts)
    .where(and(eq(abandonedCheckouts.id, id), contactWhere(c)));
  if (!row) return false;
  await withdrawFor(row.email, row.phone);
  return true;
}

/** "My data": the contact's abandoned checkouts as stored, without the browser's key and the link token. */
export async function exportAbandonedCheckouts(c: RecoveryContact) {
  const rows = await db().select().from(abandonedCheckouts).where(contactWhere(c));
  return rows.map(({ editKeyHash: _k, linkToken: _t, ...r }) => r);
}

/** "My data" erasure: the contact's abandoned checkouts deleted (the suppression, if any, stays). */
export async function eraseAbandonedCheckouts(q: DbOrTx, c: RecoveryContact): Promise<number> {
  const gone = await q
    .delete(abandonedCheckouts)
    .where(contactWhere(c))
    .returning({ id: abandonedCheckouts.id });
  return gone.length;
}
