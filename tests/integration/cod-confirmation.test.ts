import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import type { Actor } from "~/features/order-lifecycle/order-history.server";
import { confirmByPhone, sweepCodConfirmations } from "~/features/cod-confirmation/cod-confirmation.server";
import {
  action as webhookAction,
  loader as webhookLoader,
} from "~/features/cod-confirmation/routes/api-whatsapp-webhook";
import { action as orderPageAction } from "~/features/order-page/routes/order-page";
import { db } from "~/platform/db/client.server";
import { codConfirmations } from "~/features/cod-confirmation/tables.server";
import { orderStatusHistory, orders } from "~/features/order-lifecycle/tables.server";
import { setEnv, type Env } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession, shopRequest } from "../support/admin-session";
import {
  makeCategory,
  makeProduct,
  newShopper,
  productLine,
  stockOf,
  customLine,
} from "../support/checkout-fixtures";
import { signedButtonReply, startFakeWhatsApp } from "../support/fake-whatsapp";
import { insertOrder, NO_ORDER_LIMITS, postCheckout, postQuote } from "../support/orders";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { DEFAULT_PREPAID_RULES } from "~/features/settings/cod-settings";
import { rtoRiskOfOrder } from "~/features/cod-confirmation/rto-risk.server";
import { outbox } from "../support/outbox";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";
import { whatsAppRecipient } from "~/shared/phone-numbers";

// Issue 30: a COD order is confirmed by its shopper (WhatsApp buttons or the order page) or by staff, reminded
// once and cancelled by the clock otherwise, with its stock back exactly once.
const TOKEN = "EAAGfakeWhatsAppTokenForTests0123456789";
const PHONE_ID = "109876543210987";
const APP_SECRET = "a-meta-app-secret-for-tests-0123";
const wa = await startFakeWhatsApp({
  token: TOKEN,
  phoneNumberId: PHONE_ID,
  templates: { order_placed: 3, order_confirmed: 3, cod_confirmation: 3 },
});
const t = setupTestDatabase({ ...NO_ORDER_LIMITS, PUBLIC_URL: "https://neonlights.example" });
afterAll(() => wa.close());
afterAll(() => runQueuedJobs());

const apiEnv = (): Env => ({
  ...t.env,
  WHATSAPP_TOKEN: TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
  WHATSAPP_API_BASE: wa.url,
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: "a-verify-token-for-tests-0123",
});
const mailbox = outbox(t.dataDir);
const HOUR = 3_600_000;

let productId = "";
let actor: Actor;
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory(), { stockQuantity: 100 })).id;
  actor = (await adminSession("staff@example.com")).actor;
});
beforeEach(async () => {
  setEnv(apiEnv());
  await runQueuedJobs();
  wa.accepted.length = 0;
  await db().execute(sql`delete from rate_limits`);
  mailbox.clear();
});

async function placeCod(quantity = 1) {
  const shopper = newShopper();
  const r = await postCheckout([productLine(productId, { quantity })], {
    shopper,
    form: { whatsappUpdates: "on" },
  });
  expect(r.status).toBe(201);
  const checkoutId = (r.body.checkout as { checkoutId: string }).checkoutId;
  const [order] = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
  await runQueuedJobs();
  return { checkoutId, order: order!, shopper };
}

const confirmationOf = async (checkoutId: string) =>
  (await db().select().from(codConfirmations).where(eq(codConfirmations.checkoutId, checkoutId)))[0]!;
const statusOf = async (id: string) =>
  (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const historyOf = (id: string) =>
  db()
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.createdAt);

/** The quick-reply payloads of the last confirmation template sent to `to`. */
function buttonsSentTo(to: string) {
  const msg = wa.accepted
    .filter((m) => m.body.template?.name === "cod_confirmation" && m.body.to === to)
    .at(-1);
  expect(msg, "a cod_confirmation template").toBeDefined();
  const buttons = msg!.body.template!.components!.filter((c) => c.type === "button");
  return buttons.map((b) => b.parameters![0]!.payload!);
}

/** The shopper's WhatsApp number, as the Cloud API writes it (91 and the ten digits). */
const digits = (phone: string) => whatsAppRecipient(phone)!;

async function postWebhook(body: string, signature: string | null, ip = "157.240.1.1") {
  const request = new Request("http://shop.test/api/whatsapp/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature ? { "x-hub-signature-256": signature } : {}),
    },
    body,
  });
  return (await callRoute(webhookAction, request, {}, { clientIp: ip })) as Response;
}

async function tap(from: string, payload: string) {
  const reply = signedButtonReply({ appSecret: APP_SECRET, phoneNumberId: PHONE_ID, from, payload });
  return { reply, res: await postWebhook(reply.body, reply.signature) };
}

describe("the request", () => {
  it("a placed COD order sends the WhatsApp template with Confirm / Cancel buttons and an e-mail to the order page", async () => {
    const { checkoutId, order, shopper } = await placeCod();
    const c = await confirmationOf(checkoutId);
    expect(c.state).toBe("awaiting");
    expect(c.cancelAt.getTime() - c.createdAt.getTime()).toBe(48 * HOUR);
    const [confirm, cancel] = buttonsSentTo(digits(shopper.phone));
    expect(confirm).toBe(`cod-confirm:${c.replyToken}`);
    expect(cancel).toBe(`cod-cancel:${c.replyToken}`);
    // The order's confirmation e-mail asks for it (no second mail).
    const mail = mailbox.mails().join("\n");
    expect(mail).toContain("Please confirm your order so we can start making it");
    expect(mailbox.files("cod-request-email")).toEqual([]);
    expect(mail).toContain(`/orders/${order.accessToken}?cod=confirm`);
  });
});

describe("answers on WhatsApp", () => {
  it("Confirm by button reply confirms the order with a timeline entry; a replay changes nothing", async () => {
    const { checkoutId, order, shopper } = await placeCod();
    const [confirm] = buttonsSentTo(digits(shopper.phone));
    const { reply, res } = await tap(digits(shopper.phone), confirm!);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, acted: 1 });
    expect((await confirmationOf(checkoutId)).state).toBe("confirmed");
    expect(await statusOf(order.id)).toBe("confirmed");
    const h = await historyOf(order.id);
    expect(h.map((r) => [r.toValue, r.note])).toEqual([
      ["confirmed", "Cash on delivery confirmed on WhatsApp"],
    ]);
    // The same call again (Meta retries): nothing more.
    const again = await postWebhook(reply.body, reply.signature);
    expect(await again.json()).toEqual({ ok: true, acted: 0 });
    expect(await historyOf(order.id)).toHaveLength(1);
    // Never cancelled by the clock afterwards.
    await sweepCodConfirmations(new Date(Date.now() + 100 * HOUR));
    expect(await statusOf(order.id)).toBe("confirmed");
  });

  it("Cancel by button reply cancels it and puts the stock back once", async () => {
    const before = await stockOf(productId);
    const { checkoutId, order, shopper } = await placeCod(2);
    expect(await stockOf(productId)).toBe(before - 2);
    const [, cancel] = buttonsSentTo(digits(shopper.phone));
    const { reply } = await tap(digits(shopper.phone), cancel!);
    expect((await confirmationOf(checkoutId)).state).toBe("cancelled");
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf(productId)).toBe(before);
    await postWebhook(reply.body, reply.signature);
    await tap(digits(shopper.phone), buttonsSentTo(digits(shopper.phone))[0]!);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf(productId)).toBe(before);
    await runQueuedJobs();
    expect(mailbox.mails("cod-cancelled-email").join()).toContain("is cancelled, as you asked");
  });

  it("forged, unsigned or foreign taps change nothing", async () => {
    const { checkoutId, order, shopper } = await placeCod();
    const [confirm] = buttonsSentTo(digits(shopper.phone));
    const forged = signedButtonReply({
      appSecret: "not-the-app-secret-at-all-000000",
      phoneNumberId: PHONE_ID,
      from: digits(shopper.phone),
      payload: confirm!,
    });
    expect((await postWebhook(forged.body, forged.signature)).status).toBe(401);
    expect((await postWebhook(forged.body, null)).status).toBe(401);
    // A good signature over another body does not carry over.
    const good = signedButtonReply({
      appSecret: APP_SECRET,
      phoneNumberId: PHONE_ID,
      from: "919999999999",
      payload: "x",
    });
    expect((await postWebhook(forged.body, good.signature)).status).toBe(401);
    // Signed, but tapped from another number: ignored.
    const other = await tap("919111111111", confirm!);
    expect(await other.res.json()).toEqual({ ok: true, acted: 0 });
    // Signed, a made-up token: ignored.
    const guess = await tap(digits(shopper.phone), `cod-confirm:${"A".repeat(32)}`);
    expect(await guess.res.json()).toEqual({ ok: true, acted: 0 });
    expect((await confirmationOf(checkoutId)).state).toBe("awaiting");
    expect(await statusOf(order.id)).toBe("pending");
  });

  it("the webhook caps the body, limits each network and verifies Meta's subscription", async () => {
    const big = await postWebhook("x".repeat(70_000), "sha256=00");
    expect(big.status).toBe(413);
    const ok = await callRoute(
      webhookLoader,
      shopRequest(
        "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=a-verify-token-for-tests-0123&hub.challenge=1158201444",
      ),
      {},
      { clientIp: "157.240.1.2" },
    );
    expect(await (ok as Response).text()).toBe("1158201444");
    const bad = await callRoute(
      webhookLoader,
      shopRequest("/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1"),
      {},
      { clientIp: "157.240.1.2" },
    );
    expect((bad as Response).status).toBe(403);
    let last = 0;
    for (let i = 0; i < 601; i++) last = (await postWebhook("{}", null, "203.0.113.9")).status;
    expect(last).toBe(429);
  });
});

describe("the order page and staff", () => {
  it("the order page's Confirm confirms; its second press is refused and changes nothing", async () => {
    const { checkoutId, order } = await placeCod();
    const press = (intent: string) => {
      const body = new FormData();
      body.set("intent", intent);
      return outcome(
        callRoute(
          orderPageAction,
          shopRequest(`/orders/${order.accessToken}`, { form: body }),
          { token: order.accessToken },
          { clientIp: "198.51.100.7" },
        ),
      );
    };
    const first = await press("cod-confirm");
    expect(first.status).toBe(200);
    expect((await confirmationOf(checkoutId)).answeredVia).toBe("page");
    const second = await press("cod-cancel");
    expect(second.status).toBe(409);
    expect(await statusOf(order.id)).toBe("confirmed");
  });

  it("staff's confirmation by phone (or the workflow's Confirmed) means it is never auto-cancelled", async () => {
    const a = await placeCod();
    expect((await confirmByPhone("order", a.order.id, actor)).ok).toBe(true);
    const b = await placeCod();
    const moved = await changeOrderStatus(
      { intent: "status", kind: "order", id: b.order.id, to: "confirmed" },
      actor,
    );
    expect(moved.ok).toBe(true);
    await sweepCodConfirmations(new Date(Date.now() + 100 * HOUR));
    expect(await statusOf(a.order.id)).toBe("confirmed");
    expect(await statusOf(b.order.id)).toBe("confirmed");
    expect((await confirmationOf(a.checkoutId)).answeredByEmail).toBe("staff@example.com");
    expect((await confirmationOf(b.checkoutId)).state).toBe("confirmed");
  });
});

describe("the clock", () => {
  it("reminds once, then cancels with the stock back exactly once", async () => {
    const before = await stockOf(productId);
    const { checkoutId, order, shopper } = await placeCod(3);
    const placed = (await confirmationOf(checkoutId)).createdAt.getTime();
    wa.accepted.length = 0;
    // Not yet due: nothing.
    await sweepCodConfirmations(new Date(placed + 11 * HOUR));
    expect((await confirmationOf(checkoutId)).remindedAt).toBeNull();
    // Due: one reminder, however often the sweep runs.
    await sweepCodConfirmations(new Date(placed + 12 * HOUR));
    await sweepCodConfirmations(new Date(placed + 13 * HOUR));
    await runQueuedJobs();
    expect(wa.accepted.filter((m) => m.body.to === digits(shopper.phone))).toHaveLength(1);
    expect(mailbox.mails("cod-reminder-email")).toHaveLength(1);
    expect(await statusOf(order.id)).toBe("pending");
    // Past the cancel time: cancelled, stock back; a second sweep changes nothing.
    const r = await sweepCodConfirmations(new Date(placed + 48 * HOUR));
    expect(r.cancelled).toBeGreaterThanOrEqual(1);
    await sweepCodConfirmations(new Date(placed + 49 * HOUR));
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf(productId)).toBe(before);
    expect((await confirmationOf(checkoutId)).state).toBe("expired");
    const h = await historyOf(order.id);
    // Its stock went back on sale 2 hours after it was placed (issue 41), so the cancel returns nothing more.
    expect(h.map((x) => x.note)).toEqual([
      "Not confirmed within 2 hours: its stock went back on sale (taken again when the order is confirmed)",
      "Cash on delivery not confirmed in time: cancelled automatically",
    ]);
    await runQueuedJobs();
    expect(mailbox.mails("cod-expired-email").join()).toContain("so it is cancelled");
    // A late tap after the expiry changes nothing.
    await tap(digits(shopper.phone), `cod-confirm:${(await confirmationOf(checkoutId)).replyToken}`);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf(productId)).toBe(before);
  });

  it("an answer racing the sweep: exactly one wins, the stock comes back at most once", async () => {
    const before = await stockOf(productId);
    const { checkoutId, order, shopper } = await placeCod();
    const placed = (await confirmationOf(checkoutId)).createdAt.getTime();
    const [confirm] = buttonsSentTo(digits(shopper.phone));
    await Promise.all([
      sweepCodConfirmations(new Date(placed + 48 * HOUR)),
      tap(digits(shopper.phone), confirm!),
    ]);
    const state = (await confirmationOf(checkoutId)).state;
    expect(["confirmed", "expired"]).toContain(state);
    expect(await statusOf(order.id)).toBe(state === "confirmed" ? "confirmed" : "cancelled");
    expect(await stockOf(productId)).toBe(state === "confirmed" ? before - 1 : before);
    expect(await historyOf(order.id)).toHaveLength(1);
  });
});

describe("RTO risk, from the shop's own history", () => {
  it("names an earlier RTO of this phone and the PIN's return rate; a clean first order is low", async () => {
    const { order } = await placeCod();
    const fresh = await rtoRiskOfOrder("order", order.id);
    expect(fresh?.reasons.map((r) => r.text)).toEqual(["First order from this phone, e-mail and address"]);
    expect(fresh?.level).toBe("low");

    const earlier = new Date(Date.now() - 10 * 24 * HOUR);
    await insertOrder({ customerPhone: order.customerPhone, status: "rto", createdAt: earlier });
    const pinAddress = { address1: "4, Lake Road", city: "Kolkata", state: "west-bengal", pincode: "700099" };
    for (const status of ["rto", "rto", "delivered", "delivered", "delivered"] as const)
      await insertOrder({
        shippingAddress: pinAddress,
        status,
        createdAt: earlier,
        customerPhone: "+919800000001",
      });
    const second = await postCheckout([productLine(productId)], {
      shopper: { ...newShopper(), phone: order.customerPhone.replace("+91", ""), pincode: "700099" },
    });
    const [o2] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, (second.body.checkout as { checkoutId: string }).checkoutId));
    const risk = await rtoRiskOfOrder("order", o2!.id);
    expect(risk?.level).toBe("high");
    expect(risk?.reasons.map((r) => r.text)).toEqual([
      "1 earlier order with this phone, e-mail or address came back (RTO)",
      "PIN 700099: 2 of 5 COD parcels came back (40%)",
    ]);
  });
});

describe("pay online only rules", () => {
  it("the quote says why before the shopper chooses, and the server refuses COD the same way", async () => {
    const { settings, version } = await loadShopSettings();
    const saved = await saveShopSettings(
      {
        ...settings,
        prepaid: {
          ...DEFAULT_PREPAID_RULES,
          prepaidAbove: 3_000,
          prepaidCustom: "yes",
          prepaidPins: ["110093"],
        },
      },
      actor,
      version,
    );
    expect(saved.ok).toBe(true);
    try {
      const quote = async (items: unknown[], pincode: string) =>
        (await postQuote({ items, pincode, paymentMethod: "razorpay" })).body.codRefusal;
      expect(await quote([productLine(productId)], "700016")).toBeNull();
      expect(await quote([productLine(productId, { quantity: 3 })], "700016")).toMatch(
        /^Orders above ₹3,000 are paid online/,
      );
      expect(await quote([customLine("HELLO")], "700016")).toMatch(/^Custom signs are paid online/);
      expect(await quote([productLine(productId)], "110093")).toBe(
        "Cash on delivery is not offered for PIN 110093: please pay online.",
      );
      const before = await stockOf(productId);
      const refused = await postCheckout([productLine(productId)], {
        shopper: { ...newShopper(), pincode: "110093" },
        form: { city: "Delhi", state: "delhi" },
      });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toContain("Cash on delivery is not offered for PIN 110093");
      expect(await stockOf(productId)).toBe(before);
      const big = await postCheckout([productLine(productId, { quantity: 3 })]);
      expect(big.status).toBe(422);
    } finally {
      const now = await loadShopSettings();
      await saveShopSettings(
        { ...now.settings, prepaid: { ...DEFAULT_PREPAID_RULES, prepaidPins: [] } },
        actor,
        now.version,
      );
    }
  });
});
