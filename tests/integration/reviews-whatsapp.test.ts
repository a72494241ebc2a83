import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadReviewPage } from "~/features/reviews/reviews.server";
import { sweepReviewRequests } from "~/features/reviews/review-requests.server";
import {
  enqueueWhatsAppReviewRequests,
  whatsAppDeliveries,
  WHATSAPP_QUEUE,
} from "~/features/whatsapp/whatsapp-updates.server";
import { displayId } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { reviewRequests } from "~/features/reviews/tables.server";
import { setEnv } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { customLine, makeCategory, makeProduct, productLine } from "../support/checkout-fixtures";
import { startFakeWhatsApp } from "../support/fake-whatsapp";
import { NO_ORDER_LIMITS } from "../support/orders";
import { reviewOrder, setOrderStatus } from "../support/reviews";
import { setupTestDatabase } from "../support/test-db";

// The review request on WhatsApp (issue 29): once per delivered order whose shopper opted in, beside the first
// e-mail (never the reminder), never after a cancellation, RTO, return or full refund.

const TOKEN = "EAAGfakeWhatsAppTokenForReviews0123456789";
const PHONE_ID = "109876543210555";
const wa = await startFakeWhatsApp({
  token: TOKEN,
  phoneNumberId: PHONE_ID,
  templates: { review_request: 3 },
});
const PUBLIC_URL = "https://neonlights.example";
const t = setupTestDatabase({ PUBLIC_URL, ...NO_ORDER_LIMITS });
const apiEnv = () => ({
  ...t.env,
  WHATSAPP_TOKEN: TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
  WHATSAPP_API_BASE: wa.url,
});
afterAll(() => wa.close());
afterAll(() => runQueuedJobs());

let productId = "";
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory("WhatsApp reviews"), { stockQuantity: 1000 })).id;
});
beforeEach(async () => {
  setEnv(apiEnv());
  await runQueuedJobs();
  wa.accepted.length = 0;
});

/** A delivered order (ready-made or custom) with or without the shopper's WhatsApp consent. */
async function deliveredOrder(kind: "order" | "custom", consent: boolean) {
  const o = await reviewOrder([kind === "order" ? productLine(productId) : customLine("WA")]);
  const id = (kind === "order" ? o.orderId : o.customOrderId)!;
  const table = kind === "order" ? orders : customNeonOrders;
  await db().update(table).set({ whatsappUpdates: consent }).where(eq(table.id, id));
  await setOrderStatus(kind, id, "delivered");
  return { id, token: (kind === "order" ? o.orderToken : o.customToken)! };
}

const reviewJobs = async () =>
  (
    await db().execute<{ id: string }>(
      sql`select data->>'id' as id from pgboss.job where name = ${WHATSAPP_QUEUE} and data->>'event' = 'review'`,
    )
  ).rows.map((r) => r.id);

describe("the review request on WhatsApp", () => {
  it("goes once per opted-in delivered order with the e-mail, linking to the order's review page", async () => {
    const asked = await deliveredOrder("order", true);
    const custom = await deliveredOrder("custom", true);
    const silent = await deliveredOrder("order", false);

    // Nothing before the e-mail went.
    expect(await enqueueWhatsAppReviewRequests()).toBe(0);
    await sweepReviewRequests();
    expect(await enqueueWhatsAppReviewRequests()).toBe(2);
    // Once: the next sweeps queue nothing more for the same orders.
    expect(await enqueueWhatsAppReviewRequests()).toBe(0);
    const jobs = await reviewJobs();
    expect(jobs).toEqual(expect.arrayContaining([asked.id, custom.id]));
    expect(jobs).not.toContain(silent.id);

    await runQueuedJobs();
    const sent = wa.accepted.filter((a) => a.body.template?.name === "review_request");
    expect(sent).toHaveLength(2);
    const params = sent.map((s) => s.body.template!.components![0]!.parameters!.map((p) => p.text));
    expect(params).toContainEqual([
      "Shopper",
      displayId("order", asked.id),
      `${PUBLIC_URL}/review/${asked.token}`,
    ]);
    // The link opens the order's review page.
    expect(await loadReviewPage(asked.token)).not.toBeNull();
    expect(await whatsAppDeliveries(asked.id)).toContainEqual({
      event: "review",
      state: "sent",
      failure: null,
    });

    // The reminder a week later is an e-mail only.
    await db()
      .update(reviewRequests)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(reviewRequests.orderId, asked.id));
    const swept = await sweepReviewRequests();
    expect(swept.reminded).toBeGreaterThanOrEqual(1);
    expect(await enqueueWhatsAppReviewRequests()).toBe(0);
    await runQueuedJobs();
    expect(wa.accepted.filter((a) => a.body.template?.name === "review_request")).toHaveLength(2);
  });

  it("is never sent for a cancelled, RTO or refunded order, even when it changed after the e-mail", async () => {
    const cancelled = await deliveredOrder("order", true);
    await setOrderStatus("order", cancelled.id, "cancelled");
    const rto = await deliveredOrder("order", true);
    await setOrderStatus("order", rto.id, "rto");
    const refundedLater = await deliveredOrder("order", true);

    await sweepReviewRequests();
    expect(await enqueueWhatsAppReviewRequests()).toBe(1);
    // Fully refunded after the e-mail, before the message went: it is dropped with its reason.
    await db().update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, refundedLater.id));
    await runQueuedJobs();
    expect(wa.accepted).toEqual([]);
    expect(await whatsAppDeliveries(refundedLater.id)).toContainEqual({
      event: "review",
      state: "failed",
      failure: "the order was cancelled, returned or refunded: no review request",
    });
    expect(await reviewJobs()).not.toEqual(expect.arrayContaining([cancelled.id]));
    expect(await reviewJobs()).not.toEqual(expect.arrayContaining([rto.id]));
  });
});
