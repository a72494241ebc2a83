import crypto from "node:crypto";
import { and, eq, isNull, lte, gt, sql } from "drizzle-orm";
import {
  confirmationClock,
  confirmationFigures,
  historyNote,
  type CodConfirmationState,
  type CodAnswer,
  type CodAnswerVia,
} from "~/features/cod-confirmation/cod-confirmation";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { writeOrderHistory, type Actor } from "~/features/order-lifecycle/order-history.server";
import { enqueueStatusEmail } from "~/features/order-lifecycle/order-status-emails.server";
import { retakeStock, returnStock } from "~/features/order-lifecycle/order-stock.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { enqueueWhatsAppStatus } from "~/features/whatsapp/whatsapp-updates.server";
import { whatsAppRecipient } from "~/shared/phone-numbers";
import { db, type Tx } from "~/platform/db/client.server";
import { codConfirmations } from "./tables.server";
import { wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import {
  checkoutOfOrder,
  checkoutOfOrderToken,
  ordersOfCheckout,
  type CheckoutOrder,
} from "./cod-orders.server";
import { enqueueCodMessages } from "./cod-messages.server";
import { releaseUnconfirmedStock } from "./cod-stock-holds.server";

/*
 * COD confirmation (issue 30, decision 044). A COD checkout gets one row in cod_confirmations when it is placed;
 * every later change is a conditional UPDATE ... WHERE state = 'awaiting', made after locking the checkout's
 * orders: the first answer (WhatsApp button, order page, staff, or the sweep's expiry) wins, and anything after
 * it (a replayed webhook, a second click, a late sweep) changes nothing.
 */

/**
 * Ask for the confirmation of a COD checkout, in the transaction that places it (request mail and WhatsApp
 * queued). `timing`: the settings' hours, read by the caller before its transaction (nothing in it may wait for
 * another pooled connection).
 */
export async function requestCodConfirmation(
  tx: Tx,
  checkoutId: string,
  timing: Parameters<typeof confirmationClock>[1],
  now = new Date(),
): Promise<void> {
  const clock = confirmationClock(now, timing);
  await tx.insert(codConfirmations).values({
    checkoutId,
    replyToken: crypto.randomBytes(24).toString("base64url"),
    remindAt: clock.remindAt,
    cancelAt: clock.cancelAt,
    createdAt: now,
  });
  const list = await ordersOfCheckout(tx, checkoutId, false);
  await enqueueCodMessages(
    tx,
    checkoutId,
    "request",
    list.some((o) => o.whatsappUpdates),
  );
}

export type AnswerResult =
  { ok: true; state: "confirmed" | "cancelled" } | { ok: false; status: 404 | 409; message: string };

type Who = { via: CodAnswerVia; actor: Actor | null };

/** Confirm or cancel a COD checkout once: nothing happens unless it is still awaiting its answer. */
export async function answerCodConfirmation(
  checkoutId: string,
  answer: CodAnswer,
  who: Who,
  now = new Date(),
): Promise<AnswerResult> {
  const r = await db()
    .transaction(async (tx): Promise<AnswerResult> => {
      const list = await ordersOfCheckout(tx, checkoutId, true);
      const won = await tx
        .update(codConfirmations)
        .set({
          state: answer === "confirm" ? "confirmed" : "cancelled",
          answeredAt: now,
          answeredVia: who.via,
          answeredBy: who.actor?.id ?? null,
          answeredByEmail: who.actor?.email ?? null,
        })
        .where(and(eq(codConfirmations.checkoutId, checkoutId), eq(codConfirmations.state, "awaiting")))
        .returning({ id: codConfirmations.checkoutId });
      if (won.length === 0) {
        const [row] = await tx
          .select({ state: codConfirmations.state })
          .from(codConfirmations)
          .where(eq(codConfirmations.checkoutId, checkoutId));
        if (!row) return { ok: false, status: 404, message: "This order does not need a confirmation." };
        return { ok: false, status: 409, message: alreadyAnswered(row.state) };
      }
      const note = historyNote(answer, who.via);
      if (answer === "confirm") await confirmOrders(tx, list, note, who.actor);
      else {
        await cancelOrders(tx, list, note, who.actor);
        await enqueueCodMessages(tx, checkoutId, "cancelled", false);
      }
      return { ok: true, state: answer === "confirm" ? "confirmed" : "cancelled" };
    })
    // The order's stock went back on sale while it waited and is gone now: nothing changed (issue 41).
    .catch((err: unknown) => {
      if (err instanceof StockGone) return { ok: false as const, status: 409 as const, message: err.message };
      throw err;
    });
  if (r.ok) {
    wakeWorkers();
    logger.info({ checkoutId, answer, via: who.via }, "COD confirmation answered");
  }
  return r;
}

function alreadyAnswered(state: string): string {
  if (state === "confirmed") return "This order is already confirmed.";
  if (state === "cancelled") return "This order is already cancelled.";
  return "This order was cancelled because it was not confirmed in time.";
}

class StockGone extends Error {}

/**
 * Pending orders move to Confirmed, with the status e-mail and WhatsApp message staff's confirmation sends. A
 * regular order whose stock went back on sale while it waited (issue 41) takes it again first; when it is gone
 * the confirmation is refused (StockGone, everything rolled back), or, for an order already paid online
 * (`paid`), confirmed all the same and logged for staff.
 */
async function confirmOrders(tx: Tx, list: CheckoutOrder[], note: string, actor: Actor | null, paid = false) {
  for (const o of list) {
    if (o.status !== "pending") continue;
    const taken = o.kind === "order" ? await retakeStock(tx, o) : { ok: true as const };
    if (!taken.ok && !paid) throw new StockGone(taken.message);
    if (!taken.ok) logger.error({ orderId: o.id }, "paid online after its stock sold out: staff must act");
    const t = tableOf(o.kind);
    await tx
      .update(t)
      .set({ status: "confirmed", updatedAt: sql`now()` })
      .where(eq(t.id, o.id));
    await writeOrderHistory(tx, o, { field: "status", from: "pending", to: "confirmed", note, actor });
    await enqueueStatusEmail(tx, o.kind, o.id, "confirmed");
    await enqueueWhatsAppStatus(tx, o.kind, o.id, "confirmed");
  }
}

/** Orders not yet in production are cancelled; a regular order's stock goes back exactly once. */
async function cancelOrders(tx: Tx, list: CheckoutOrder[], note: string, actor: Actor | null) {
  for (const o of list) {
    if (o.status !== "pending" && o.status !== "confirmed") continue;
    const back = o.kind === "order" ? await returnStock(tx, o) : false;
    const t = tableOf(o.kind);
    await tx
      .update(t)
      .set({ status: "cancelled", ...(back ? { stockReleasedAt: sql`now()` } : {}), updatedAt: sql`now()` })
      .where(eq(t.id, o.id));
    await writeOrderHistory(tx, o, {
      field: "status",
      from: o.status,
      to: "cancelled",
      note: back ? `${note}. Stock returned` : note,
      actor,
    });
  }
}

/**
 * The shopper paid the COD checkout online instead ("Pay now instead", app/features/payments/cod-prepay.server.ts),
 * in that transaction, the checkout's orders already locked (`list`): the confirmation is answered (the order page's
 * answer) and pending orders move to Confirmed. Nothing when it was no longer awaiting.
 */
export async function settleByPrepayment(
  tx: Tx,
  checkoutId: string,
  list: CheckoutOrder[],
): Promise<boolean> {
  const won = await tx
    .update(codConfirmations)
    .set({ state: "confirmed", answeredAt: new Date(), answeredVia: "page" })
    .where(and(eq(codConfirmations.checkoutId, checkoutId), eq(codConfirmations.state, "awaiting")))
    .returning({ id: codConfirmations.checkoutId });
  if (won.length === 0) return false;
  await confirmOrders(tx, list, "Paid online instead of cash on delivery: confirmed", null, true);
  return true;
}

/**
 * A WhatsApp button tap: the payload's token names the checkout, and the tap must come from the order's own
 * WhatsApp number. Anything else (an unknown token, another number) changes nothing.
 */
export async function answerFromWhatsApp(
  replyToken: string,
  answer: CodAnswer,
  from: string,
  now = new Date(),
): Promise<AnswerResult> {
  const [row] = await db()
    .select({ checkoutId: codConfirmations.checkoutId })
    .from(codConfirmations)
    .where(eq(codConfirmations.replyToken, replyToken));
  if (!row) return { ok: false, status: 404, message: "unknown reply" };
  const list = await ordersOfCheckout(db(), row.checkoutId, false);
  if (!list.some((o) => whatsAppRecipient(o.customerPhone) === from.replace(/\D/g, ""))) {
    logger.warn({ checkoutId: row.checkoutId }, "COD button reply from another number ignored");
    return { ok: false, status: 404, message: "unknown reply" };
  }
  return answerCodConfirmation(row.checkoutId, answer, { via: "whatsapp", actor: null }, now);
}

/**
 * Staff moved an order of a COD checkout to Confirmed (after a call) or Cancelled in the workflow (or the shopper
 * cancelled it on the order page, `via` "page"): in that
 * transaction, the checkout's confirmation is answered for staff, so the sweep never cancels it or mails about it.
 */
export async function settledByStaff(
  tx: Tx,
  kind: OrderKind,
  orderId: string,
  to: "confirmed" | "cancelled",
  actor: Actor | null,
  via: CodAnswerVia = "staff",
): Promise<boolean> {
  const checkoutId = await checkoutOfOrder(tx, kind, orderId);
  if (!checkoutId) return false;
  const r = await tx
    .update(codConfirmations)
    .set({
      state: to,
      answeredAt: new Date(),
      answeredVia: via,
      answeredBy: actor?.id ?? null,
      answeredByEmail: actor?.email ?? null,
    })
    .where(and(eq(codConfirmations.checkoutId, checkoutId), eq(codConfirmations.state, "awaiting")))
    .returning({ id: codConfirmations.checkoutId });
  return r.length > 0;
}

/** Staff's "Confirmed by phone" in the order dialog: the checkout confirmed, its pending orders Confirmed. */
export async function confirmByPhone(kind: OrderKind, orderId: string, actor: Actor): Promise<AnswerResult> {
  const checkoutId = await checkoutOfOrder(db(), kind, orderId);
  if (!checkoutId) return { ok: false, status: 404, message: "This order does not need a confirmation." };
  return answerCodConfirmation(checkoutId, "confirm", { via: "staff", actor });
}

/** The shopper's Confirm or Cancel on the order page (its private link). */
export async function answerFromOrderPage(token: string, answer: CodAnswer): Promise<AnswerResult> {
  const checkoutId = await checkoutOfOrderToken(db(), token);
  if (!checkoutId) return { ok: false, status: 404, message: "Order not found." };
  return answerCodConfirmation(checkoutId, answer, { via: "page", actor: null });
}

/** The confirmation of an order's checkout, as the order page and the order dialog show it (null: none asked). */
export async function codConfirmationOfOrder(ref: { kind: OrderKind; id: string } | { token: string }) {
  const checkoutId =
    "token" in ref
      ? await checkoutOfOrderToken(db(), ref.token)
      : await checkoutOfOrder(db(), ref.kind, ref.id);
  if (!checkoutId) return null;
  const [c] = await db()
    .select({
      state: codConfirmations.state,
      answeredVia: codConfirmations.answeredVia,
      answeredAt: codConfirmations.answeredAt,
      answeredByEmail: codConfirmations.answeredByEmail,
      cancelAt: codConfirmations.cancelAt,
      remindedAt: codConfirmations.remindedAt,
      prepaidAt: codConfirmations.prepaidAt,
    })
    .from(codConfirmations)
    .where(eq(codConfirmations.checkoutId, checkoutId));
  return c ?? null;
}
/** Until when a COD checkout waits for its confirmation (its order e-mail asks for it); null when it does not wait. */
export async function codConfirmationDeadline(checkoutId: string): Promise<Date | null> {
  const [c] = await db()
    .select({ state: codConfirmations.state, cancelAt: codConfirmations.cancelAt })
    .from(codConfirmations)
    .where(eq(codConfirmations.checkoutId, checkoutId));
  return c?.state === "awaiting" ? c.cancelAt : null;
}

export type CodConfirmationView = NonNullable<Awaited<ReturnType<typeof codConfirmationOfOrder>>>;

/**
 * The sweep (every 5 minutes; tests pass their own clock): checkouts due a reminder get it once
 * (reminded_at), those unconfirmed past the stock window give their stock back (cod-stock-holds.server.ts), and
 * those past their cancel time, still awaiting, are cancelled with their stock back (what is left of it).
 */
export async function sweepCodConfirmations(
  now = new Date(),
): Promise<{ reminded: number; released: number; cancelled: number }> {
  const due = await db()
    .select({ checkoutId: codConfirmations.checkoutId })
    .from(codConfirmations)
    .where(
      and(
        eq(codConfirmations.state, "awaiting"),
        isNull(codConfirmations.remindedAt),
        lte(codConfirmations.remindAt, now),
        gt(codConfirmations.cancelAt, now),
      ),
    )
    .limit(200);
  let reminded = 0;
  for (const { checkoutId } of due) {
    const sent = await db().transaction(async (tx) => {
      const list = await ordersOfCheckout(tx, checkoutId, true);
      const r = await tx
        .update(codConfirmations)
        .set({ remindedAt: now })
        .where(
          and(
            eq(codConfirmations.checkoutId, checkoutId),
            eq(codConfirmations.state, "awaiting"),
            isNull(codConfirmations.remindedAt),
          ),
        )
        .returning({ id: codConfirmations.checkoutId });
      if (r.length === 0) return false;
      await enqueueCodMessages(
        tx,
        checkoutId,
        "reminder",
        list.some((o) => o.whatsappUpdates),
      );
      return true;
    });
    if (sent) reminded++;
  }
  // Those unconfirmed past the settings' stock window: their stock back on sale, the order still waiting.
  const released = await releaseUnconfirmedStock({ now });
  const expired = await db()
    .select({ checkoutId: codConfirmations.checkoutId })
    .from(codConfirmations)
    .where(and(eq(codConfirmations.state, "awaiting"), lte(codConfirmations.cancelAt, now)))
    .limit(200);
  let cancelled = 0;
  for (const { checkoutId } of expired) {
    const done = await db().transaction(async (tx) => {
      const list = await ordersOfCheckout(tx, checkoutId, true);
      const r = await tx
        .update(codConfirmations)
        .set({ state: "expired", answeredAt: now })
        .where(
          and(
            eq(codConfirmations.checkoutId, checkoutId),
            eq(codConfirmations.state, "awaiting"),
            lte(codConfirmations.cancelAt, now),
          ),
        )
        .returning({ id: codConfirmations.checkoutId });
      if (r.length === 0) return false;
      // Only orders still waiting are cancelled (one staff already moved on stays as it is).
      const waiting = list.filter((o) => o.status === "pending");
      await cancelOrders(tx, waiting, historyNote("expired", null), null);
      if (waiting.length > 0) await enqueueCodMessages(tx, checkoutId, "expired", false);
      return true;
    });
    if (done) cancelled++;
  }
  if (reminded + cancelled > 0) {
    wakeWorkers();
    logger.info({ reminded, cancelled }, "COD confirmations swept");
  }
  return { reminded, released, cancelled };
}

/**
 * The dashboard's COD confirmation figures for the COD checkouts placed on the IST days first..last (inclusive):
 * confirmation rate, median time to confirm, and how many the clock cancelled (cod-confirmation.ts).
 */
export async function codConfirmationFigures(first: string, last: string) {
  const r = await db().execute<{
    state: CodConfirmationState;
    created_at: Date;
    answered_at: Date | null;
  }>(sql`
    select state, created_at, answered_at from cod_confirmations
    where (created_at at time zone 'Asia/Kolkata')::date between ${first}::date and ${last}::date`);
  return confirmationFigures(
    r.rows.map((x) => ({
      state: x.state,
      createdAt: new Date(x.created_at),
      answeredAt: x.answered_at ? new Date(x.answered_at) : null,
    })),
  );
}
