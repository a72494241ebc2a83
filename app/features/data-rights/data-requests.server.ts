import crypto from "node:crypto";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { paragraphs, shopperEmail } from "~/features/order-lifecycle/shopper-email";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { hashToken } from "~/platform/auth/auth.server";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { dataRequests } from "~/platform/db/tables.server";
import { grievances } from "~/features/grievances/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { logDataEvent } from "~/platform/data-events.server";

export { logDataEvent };
import {
  ACCESS_TTL_MS,
  CODE_TTL_MS,
  MAX_CODE_TRIES,
  judgeCode,
  type CodeOutcome,
  type OrderContact,
} from "./data-rights";

/*
 * "My data" requests (issue 32, decision 042): the request, its one-time code and the browser's access.
 *
 * Starting a request never says whether the shop holds the contact: it stores the request and queues a job;
 * the job (not the request) looks the contact up and, only when something is held, makes the code, keeps
 * its scrypt hash and mails it. So the answer and its timing are the same either way, and the code itself
 * is never stored, not even in the job queue. A phone's code goes to the one e-mail address its orders,
 * complaints and quotes were placed with; a phone used with several addresses gets no code (each address is
 * told to ask with its e-mail), since typing someone's phone at checkout proves nothing (decision 042:
 * WhatsApp would need an approved authentication template, which the shop does not have).
 */

export const DATA_CODE_QUEUE = "data-request-code";

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: string, len: number) => Promise<Buffer>;

/** The code's hash at rest: scrypt with the request's id as salt (a copy of the table does not give codes away). */
export async function codeHash(requestId: string, code: string): Promise<string> {
  return (await scrypt(code, `data-request:${requestId}`, 32)).toString("hex");
}

/** The contact's rows in a table with customer_email / customer_phone columns. */
export function contactWhere(t: { customerEmail: AnyPgColumn; customerPhone: AnyPgColumn }, c: OrderContact) {
  return "email" in c ? sql`lower(${t.customerEmail}) = ${c.email}` : eq(t.customerPhone, c.phone);
}

const contactOf = (r: { contactKind: "email" | "phone"; contact: string }): OrderContact =>
  r.contactKind === "email" ? { email: r.contact } : { phone: r.contact };

/** A shopper's action on their verified request. */
export function logShopperEvent(requestId: string, action: string, detail = "") {
  return logDataEvent(db(), { requestId, actor: "shopper", action, detail });
}

/** Start a request for `contact`; returns the browser's random key (for its cookie). */
export async function startDataRequest(contact: OrderContact, clientIp: string): Promise<string> {
  const key = crypto.randomBytes(32).toString("base64url");
  await db().transaction(async (tx) => {
    const [r] = await tx
      .insert(dataRequests)
      .values({
        keyHash: hashToken(key),
        contactKind: "email" in contact ? "email" : "phone",
        contact: "email" in contact ? contact.email : contact.phone,
        clientIp,
      })
      .returning({ id: dataRequests.id });
    await enqueueOnce(tx, DATA_CODE_QUEUE, `data-code:${r!.id}`, { id: r!.id });
  });
  wakeWorkers();
  return key;
}

/** The e-mail addresses the contact's code may go to: the e-mail itself, or those placed with the phone. */
async function codeRecipients(c: OrderContact): Promise<string[]> {
  const found = new Set<string>();
  for (const t of [orders, customNeonOrders, logoQuotes] as const) {
    const rows = await db()
      .select({ email: t.customerEmail })
      .from(t)
      .where(contactWhere(t, c))
      .orderBy(sql`${t.createdAt} desc`)
      .limit(3);
    for (const r of rows) found.add(r.email.trim().toLowerCase());
  }
  const g = await db()
    .select({ email: grievances.customerEmail })
    .from(grievances)
    .where(
      "email" in c
        ? sql`lower(${grievances.customerEmail}) = ${c.email}`
        : eq(grievances.customerPhone, c.phone),
    )
    .limit(3);
  for (const r of g) found.add(r.email.trim().toLowerCase());
  if ("email" in c) return found.size > 0 ? [c.email] : [];
  return [...found].filter((e) => e.includes("@")).slice(0, 5);
}

/** The job: when the shop holds the contact, make the code, keep its hash and mail it. */
export async function sendDataCode(data: Record<string, unknown>): Promise<void> {
  const { id, dedupeKey } = data;
  if (typeof id !== "string" || typeof dedupeKey !== "string") throw new Error("data code job with bad data");
  const [r] = await db().select().from(dataRequests).where(eq(dataRequests.id, id));
  if (!r || r.status !== "pending") return;
  const to = await codeRecipients(contactOf(r));
  if (to.length === 0) {
    logger.info("data request for a contact the shop does not hold");
    return;
  }
  await loadShopSettings();
  const store = storeSettings();
  if (to.length > 1) {
    // A phone used with several e-mail addresses: whoever owns one of them need not own the phone (anyone can
    // type someone's phone at checkout), so no code opens the phone's data; each address is told to ask with
    // its own e-mail instead (decision 042).
    await deliverOnce(dedupeKey, async () => {
      const lines = [
        "Someone asked to see the data we hold on your phone number. That number was used with more than one e-mail address, so we cannot send a code for it.",
        "Please ask again on the My data page with your e-mail address instead. If you did not ask, ignore this e-mail.",
      ];
      for (const [i, address] of to.entries())
        await sendMail({
          to: address,
          replyTo: store.email,
          dedupeKey: i === 0 ? dedupeKey : `${dedupeKey}:${i}`,
          subject: "My data: please ask with your e-mail address",
          content: shopperEmail(store, "there", paragraphs(lines), lines[0]!),
        });
    });
    return;
  }
  await deliverOnce(dedupeKey, async () => {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    await db()
      .update(dataRequests)
      .set({ codeHash: await codeHash(id, code), codeExpiresAt: new Date(Date.now() + CODE_TTL_MS) })
      .where(and(eq(dataRequests.id, id), eq(dataRequests.status, "pending")));
    const lines = [
      `Your code to see, correct or erase the data we hold on ${r.contactKind === "email" ? "this e-mail address" : "your phone number"} is ${code}.`,
      "It is valid for 10 minutes. If you did not ask for it, ignore this e-mail: nobody can see your data without the code.",
    ];
    await sendMail({
      to: to[0]!,
      replyTo: store.email,
      dedupeKey,
      subject: `Your code for My data: ${code}`,
      content: shopperEmail(store, "there", paragraphs(lines), lines[0]!),
    });
  });
}

export type DataAccess = {
  id: string;
  contact: OrderContact;
  contactText: string;
  status: "pending" | "verified" | "dead";
  /** Verified and within its 30 minutes. */
  open: boolean;
};

/** The request the browser's key opens (any state), or null. */
export async function dataRequestByKey(
  key: string | undefined,
  now = new Date(),
): Promise<DataAccess | null> {
  if (!key) return null;
  const [r] = await db()
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.keyHash, hashToken(key)));
  if (!r) return null;
  return {
    id: r.id,
    contact: contactOf(r),
    contactText: r.contact,
    status: r.status,
    open:
      r.status === "verified" && r.accessExpiresAt !== null && r.accessExpiresAt.getTime() > now.getTime(),
  };
}

/** Check a typed code against the browser's request (under its row lock): verify, count a try, or refuse. */
export async function verifyDataCode(key: string | undefined, code: string, now = new Date()) {
  if (!key) return "none" as CodeOutcome;
  return db().transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.keyHash, hashToken(key)))
      .for("update");
    if (!r) return "none" as CodeOutcome;
    const typed = await codeHash(r.id, code);
    const matches =
      r.codeHash !== null &&
      crypto.timingSafeEqual(Buffer.from(typed, "hex"), Buffer.from(r.codeHash, "hex"));
    const outcome = judgeCode(r, matches, now);
    if (outcome === "ok") {
      await tx
        .update(dataRequests)
        .set({
          status: "verified",
          codeHash: null,
          verifiedAt: now,
          accessExpiresAt: new Date(now.getTime() + ACCESS_TTL_MS),
        })
        .where(eq(dataRequests.id, r.id));
      await logDataEvent(tx, { requestId: r.id, actor: "shopper", action: "verified" });
    } else if (outcome === "wrong") {
      const tries = r.tries + 1;
      await tx
        .update(dataRequests)
        .set({ tries, ...(tries >= MAX_CODE_TRIES ? { status: "dead" as const, codeHash: null } : {}) })
        .where(eq(dataRequests.id, r.id));
      if (tries >= MAX_CODE_TRIES) return "dead" as CodeOutcome;
    }
    return outcome;
  });
}
