import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { shiprocket } from "~/features/couriers/couriers.server";
import { ShiprocketError } from "~/features/couriers/shiprocket.server";
import { writeOrderHistory } from "~/features/order-lifecycle/order-history.server";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { paragraphs, shopperEmail } from "~/features/order-lifecycle/shopper-email";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { enqueueWhatsAppNdr } from "~/features/whatsapp/whatsapp-updates.server";
import { inertText } from "~/shared/mail-safety";
import { orderPageUrl } from "~/shared/order-links";
import { db, type Tx } from "~/platform/db/client.server";
import { shipments } from "~/features/shipments/tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import {
  NDR_ANSWER_LABELS,
  ndrCourierAction,
  ndrDetails,
  type NdrAnswer,
  type NdrAnswerInput,
} from "./ndr-answer";
import { formatShippingAddress } from "~/features/checkout/checkout";
import type { ShippingAddress } from "~/features/order-lifecycle/tables.server";

/*
 * A failed delivery (NDR, issue 28). When tracking says the courier could not deliver, the failure is
 * counted and the shopper is told (e-mail, and WhatsApp when they asked for it), once per failure; their
 * order page then asks "try again", "change my address or phone" or "cancel". The first answer to a
 * failure is kept (a second one is refused), a new address or phone becomes the order's own, and the
 * answer is sent to Shiprocket's NDR action API from the job queue (retried while the courier API fails;
 * the failure shown to staff), once.
 */

export const NDR_MAIL_QUEUE = "mail-delivery-failed";
export const NDR_ACTION_QUEUE = "courier-ndr-action";

type Target = { kind: OrderKind; id: string };

/** Record a delivery failure of a booked parcel (in the tracking's change), and tell the shopper once. */
export async function raiseNdr(shipmentId: string, target: Target, reason: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [s] = await tx
      .update(shipments)
      .set({
        ndrCount: sql`${shipments.ndrCount} + 1`,
        ndrRaisedAt: sql`now()`,
        ndrReason: reason.slice(0, 200) || null,
        ndrAnswer: null,
        ndrAnswerDetails: null,
        ndrAnsweredAt: null,
        ndrSentAt: null,
        ndrLastError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(shipments.id, shipmentId))
      .returning({ count: shipments.ndrCount });
    const failure = s!.count;
    await history(
      tx,
      target,
      `Courier: Delivery failed (NDR)${reason ? ` (${reason})` : ""}. Waiting for the shopper's answer`,
    );
    await enqueueOnce(tx, NDR_MAIL_QUEUE, `ndr:${target.kind}:${target.id}:${failure}`, { ...target });
    await enqueueWhatsAppNdr(tx, target.kind, target.id, failure);
  });
  wakeWorkers();
}

async function history(tx: Tx, target: Target, note: string) {
  const t = tableOf(target.kind);
  const [o] = await tx.select({ status: t.status }).from(t).where(eq(t.id, target.id));
  await writeOrderHistory(tx, target, {
    field: "status",
    from: o?.status ?? null,
    to: o?.status ?? "dispatched",
    note,
    actor: null,
  });
}

/** What the order page shows of a failed delivery: waiting for an answer, or the answer given. */
export async function ndrOf(target: Target) {
  const [s] = await db()
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderKind, target.kind), eq(shipments.orderId, target.id)));
  if (!s?.ndrRaisedAt || s.trackingStage !== "ndr") return null;
  return {
    reason: s.ndrReason,
    raisedAt: s.ndrRaisedAt.toISOString(),
    answer: s.ndrAnswer ? NDR_ANSWER_LABELS[s.ndrAnswer] : null,
    answeredAt: s.ndrAnsweredAt?.toISOString() ?? null,
  };
}

export type NdrAnswerOutcome = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * The order's own address and phone after a "change" answer (the street part and/or the mobile number; the
 * city, state and PIN code stay), in the answer's transaction, and the timeline's words for what changed.
 */
async function applyNdrChange(tx: Tx, target: Target, input: NdrAnswerInput): Promise<string[]> {
  const t = tableOf(target.kind);
  const [o] = await tx
    .select({ address: t.shippingAddress, phone: t.customerPhone })
    .from(t)
    .where(eq(t.id, target.id))
    .for("update");
  if (!o) return [];
  const said: string[] = [];
  const set: { shippingAddress?: ShippingAddress; customerPhone?: string } = {};
  if (input.address1) {
    const next: ShippingAddress = {
      ...o.address,
      address1: input.address1,
      address2: input.address2,
      landmark: input.landmark,
    };
    const [before, after] = [formatShippingAddress(o.address), formatShippingAddress(next)];
    if (before !== after) {
      set.shippingAddress = next;
      said.push(`address changed from "${before}" to "${after}"`);
    }
  }
  if (input.phone && input.phone !== o.phone) {
    set.customerPhone = input.phone;
    said.push(`phone changed from ${o.phone} to ${input.phone}`);
  }
  if (said.length)
    await tx
      .update(t)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(t.id, target.id));
  return said;
}

/**
 * The shopper's answer to the waiting failure, kept once and queued for the courier; a new address or
 * phone also becomes the order's own (the timeline says what changed).
 */
export async function answerNdr(target: Target, input: NdrAnswerInput): Promise<NdrAnswerOutcome> {
  const answer: NdrAnswer = input.answer;
  const details = answer === "change" ? ndrDetails(input) : null;
  const done = await db().transaction(async (tx) => {
    // Taken once: only a failure still waiting (stage NDR, no answer yet) takes an answer.
    const [s] = await tx
      .update(shipments)
      .set({
        ndrAnswer: answer,
        ndrAnswerDetails: details,
        ndrAnsweredAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(shipments.orderKind, target.kind),
          eq(shipments.orderId, target.id),
          eq(shipments.trackingStage, "ndr"),
          isNotNull(shipments.ndrRaisedAt),
          isNull(shipments.ndrAnsweredAt),
        ),
      )
      .returning({ id: shipments.id, count: shipments.ndrCount });
    if (!s) return false;
    const changed = answer === "change" ? await applyNdrChange(tx, target, input) : [];
    const said = [`"${NDR_ANSWER_LABELS[answer]}"`, ...changed].join("; ");
    await history(tx, target, `Delivery failed: the shopper answered ${said}`);
    await enqueueOnce(tx, NDR_ACTION_QUEUE, `ndr-action:${s.id}:${s.count}`, { shipmentId: s.id });
    return true;
  });
  if (!done) {
    const waiting = await ndrOf(target);
    return waiting?.answer
      ? { ok: false, status: 409, message: "You have already answered; the courier has your answer." }
      : { ok: false, status: 409, message: "There is no failed delivery waiting for an answer." };
  }
  wakeWorkers();
  logger.info({ ...target, answer }, "shopper answered a failed delivery");
  return { ok: true };
}

/** The queue's job: send the shopper's answer to the courier's NDR action API, once; retried on failure. */
export async function sendNdrAction(data: Record<string, unknown>): Promise<void> {
  if (typeof data.shipmentId !== "string") throw new Error("NDR action job with bad data");
  const [s] = await db().select().from(shipments).where(eq(shipments.id, data.shipmentId));
  if (!s?.awb || !s.ndrAnswer || s.ndrSentAt) return;
  const api = shiprocket();
  if (!api) {
    logger.warn({ shipment: s.id }, "NDR answer not sent: no courier keys; staff must act on it");
    return;
  }
  const details = s.ndrAnswerDetails ?? {};
  try {
    await api.ndrAction(s.awb, ndrCourierAction(s.ndrAnswer, details));
  } catch (err) {
    if (!(err instanceof ShiprocketError)) throw err;
    await db()
      .update(shipments)
      .set({ ndrLastError: err.message, updatedAt: sql`now()` })
      .where(eq(shipments.id, s.id));
    throw err; // the queue retries with backoff
  }
  await db().transaction(async (tx) => {
    const [sent] = await tx
      .update(shipments)
      .set({ ndrSentAt: sql`now()`, ndrLastError: null, updatedAt: sql`now()` })
      .where(and(eq(shipments.id, s.id), isNull(shipments.ndrSentAt)))
      .returning({ id: shipments.id });
    if (sent)
      await history(tx, { kind: s.orderKind, id: s.orderId }, "Courier: the shopper's answer was sent");
  });
}

/** The queue's job: the shopper's "we could not deliver" e-mail with the link to answer, at most once. */
export async function sendNdrMail(data: Record<string, unknown>): Promise<void> {
  const { kind, id, dedupeKey } = data;
  if ((kind !== "order" && kind !== "custom") || typeof id !== "string" || typeof dedupeKey !== "string")
    throw new Error("NDR mail job with bad data");
  await deliverOnce(dedupeKey, async () => {
    await loadShopSettings();
    const store = storeSettings();
    const t = tableOf(kind);
    const [o] = await db()
      .select({
        email: t.customerEmail,
        name: t.customerName,
        token: t.accessToken,
        courier: t.courier,
        isTest: t.isTest,
      })
      .from(t)
      .where(eq(t.id, id));
    if (!o) return;
    const [s] = await db()
      .select({ reason: shipments.ndrReason })
      .from(shipments)
      .where(and(eq(shipments.orderKind, kind), eq(shipments.orderId, id)));
    const ref = displayId(kind, id);
    const link = orderPageUrl(store.publicUrl, o.token);
    const said = `The courier${o.courier ? ` (${inertText(o.courier)})` : ""} could not deliver your order ${ref}.${
      s?.reason ? ` They said: ${inertText(s.reason)}.` : ""
    }`;
    const content = shopperEmail(
      store,
      o.name,
      [
        ...paragraphs([
          said,
          "Tell us what to do on your order page: try delivering again, change your address or phone, or cancel the delivery.",
        ]),
        { kind: "button", url: link, label: "Answer on your order page" },
        ...paragraphs([
          "If we do not hear from you, the courier may try once more and then send the parcel back to us.",
        ]),
      ],
      `We could not deliver your order ${ref}`,
    );
    await sendMail({
      dedupeKey,
      to: o.email,
      replyTo: store.email,
      subject: `${o.isTest ? "[TEST] " : ""}We could not deliver your order ${ref}`,
      content,
    });
  });
}
