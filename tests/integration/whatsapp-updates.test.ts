import fs from "node:fs/promises";
import { inspect } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";
import { saveSettingsForm, settingsFormData } from "~/features/settings/routes/admin-settings.server";
import { verifyPayment } from "~/features/checkout/payment-verify.server";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { setEnv, type Env } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { logger } from "~/platform/logger.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import {
  enqueueWhatsAppPlaced,
  enqueueWhatsAppStatus,
  sendWhatsAppUpdate,
  whatsAppDeliveries,
  whatsAppMessageFor,
  whatsAppOutboxFile,
  WHATSAPP_QUEUE,
} from "~/features/whatsapp/whatsapp-updates.server";
import { adminSession } from "../support/admin-session";
import {
  customLine,
  makeCategory,
  makeProduct,
  newShopper,
  productLine,
  type Shopper,
} from "../support/checkout-fixtures";
import { fakeRazorpayEnv, startFakeRazorpay } from "../support/fake-razorpay";
import { postCheckout, signedPayment } from "../support/orders";
import { outbox } from "../support/outbox";
import { startFakeWhatsApp } from "../support/fake-whatsapp";
import { setupTestDatabase } from "../support/test-db";

// Issue 16: WhatsApp order updates, queued with their order events, sent once, only with the shopper's consent.
const TOKEN = "EAAGfakeWhatsAppTokenForTests0123456789";
const PHONE_ID = "109876543210987";
const TEMPLATES = {
  order_placed: 3,
  order_confirmed: 3,
  order_dispatched: 5,
  order_delivered: 3,
  neon_confirmed_v2: 3,
};
const wa = await startFakeWhatsApp({ token: TOKEN, phoneNumberId: PHONE_ID, templates: TEMPLATES });
const rzp = await startFakeRazorpay();
const t = setupTestDatabase({ ...fakeRazorpayEnv(rzp), PUBLIC_URL: "https://neonlights.example" });
afterAll(() => wa.close());
afterAll(() => rzp.close());
afterAll(() => runQueuedJobs());

/** The shop with the Cloud API configured (pointing at the fake). */
const apiEnv = (over: Partial<Env> = {}): Env => ({
  ...t.env,
  WHATSAPP_TOKEN: TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
  WHATSAPP_API_BASE: wa.url,
  ...over,
});

let productId = "";
let actor: Actor;
beforeAll(async () => {
  productId = (await makeProduct(await makeCategory(), { stockQuantity: 1000 })).id;
  actor = (await adminSession("staff@example.com")).actor;
});
beforeEach(async () => {
  setEnv(t.env);
  await runQueuedJobs();
  wa.accepted.length = 0;
  wa.state.requests = 0;
  wa.state.failNext = [];
  await db().execute(sql`delete from rate_limits`);
  mailbox.clear();
});
afterEach(() => vi.restoreAllMocks());

const mailbox = outbox(t.dataDir);

async function place(opts: { consent: boolean | string | undefined; shopper?: Shopper; form?: object }) {
  const shopper = opts.shopper ?? newShopper();
  const r = await postCheckout([productLine(productId)], {
    shopper,
    form: { ...(opts.consent === undefined ? {} : { whatsappUpdates: opts.consent }), ...opts.form },
  });
  expect(r.status).toBe(201);
  const checkout = r.body.checkout as { checkoutId: string; payment?: { razorpayOrderId: string } };
  const [order] = await db().select().from(orders).where(eq(orders.checkoutId, checkout.checkoutId));
  return { checkout, order: order!, shopper };
}

const move = (id: string, to: "confirmed" | "in_production" | "dispatched" | "delivered" | "cancelled") =>
  changeOrderStatus(
    {
      intent: "status",
      kind: "order",
      id,
      to,
      courier: "Delhivery",
      trackingNumber: "DLV98765432",
    },
    actor,
  );

async function whatsappJobs(orderId?: string) {
  const r = await db().execute<{ state: string; event: string; retry_count: number }>(sql`
    select state, data->>'event' as event, retry_count from pgboss.job
    where name = ${WHATSAPP_QUEUE} ${orderId ? sql`and data->>'id' = ${orderId}` : sql``}
    order by created_on`);
  return r.rows;
}

const outboxJson = () => mailbox.files("", ".json");

const params = (i: number) => wa.accepted[i]!.body.template!.components![0]!.parameters!.map((p) => p.text);

describe("consent", () => {
  it("without the box ticked, no WhatsApp message is ever queued or sent, whatever happens to the order", async () => {
    setEnv(apiEnv());
    for (const consent of [undefined, false, "false", ""] as const) {
      const { order } = await place({ consent });
      expect(order.whatsappUpdates).toBe(false);
      for (const to of ["confirmed", "in_production", "dispatched", "delivered"] as const) {
        expect((await move(order.id, to)).ok).toBe(true);
      }
      // Even a replayed event does not queue one.
      await db().transaction((tx) => enqueueWhatsAppPlaced(tx, order.checkoutId!));
      await db().transaction((tx) => enqueueWhatsAppStatus(tx, "order", order.id, "delivered"));
      expect(await whatsappJobs(order.id)).toEqual([]);
    }
    await runQueuedJobs();
    expect(wa.state.requests).toBe(0);
    expect(outboxJson()).toEqual([]);
  });

  it("a bad consent value is refused with a message and nothing is written", async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders);
    const r = await postCheckout([productLine(productId)], { form: { whatsappUpdates: "yes please" } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain("Please tick or untick the WhatsApp updates box.");
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("template settings", () => {
  it("the settings form refuses a template name WhatsApp would not know, and saves a good one", async () => {
    const form = async (changes: Record<string, string>) => {
      const { values, version } = await settingsFormData();
      const body = new FormData();
      for (const [k, v] of Object.entries({ ...values, version, ...changes })) body.set(k, v);
      return (await saveSettingsForm(body, { user: actor } as never)) as unknown as {
        init: { status?: number } | null;
        data: { ok: boolean; fieldErrors?: Record<string, string> };
      };
    };
    const bad = await form({
      "whatsappUpdates.delivered": "Order Delivered!",
      "whatsappUpdates.language": "english",
    });
    expect(bad.init?.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({
      "whatsappUpdates.delivered":
        "Order delivered template must be the template's name as created in WhatsApp Manager: lower-case letters, digits and underscores",
      "whatsappUpdates.language": "Template language must be a code such as en, hi or en_US",
    });
    expect((await loadShopSettings()).settings.whatsappUpdates.delivered).toBe("order_delivered");

    const good = await form({
      "whatsappUpdates.delivered": " neon_delivered ",
      "whatsappUpdates.language": "en_US",
    });
    expect(good.data.ok).toBe(true);
    expect((await loadShopSettings()).settings.whatsappUpdates).toMatchObject({
      delivered: "neon_delivered",
      language: "en_US",
    });
    const back = await form({
      "whatsappUpdates.delivered": "order_delivered",
      "whatsappUpdates.language": "en",
    });
    expect(back.data.ok).toBe(true);
  });
});

describe("without configuration: the outbox", () => {
  it("writes each message as the exact request body to DATA_DIR/outbox, named by its dedupe key", async () => {
    const { order, shopper } = await place({ consent: "on" });
    expect(order.whatsappUpdates).toBe(true);
    expect(await runQueuedJobs()).toBeGreaterThanOrEqual(3); // two mails and the WhatsApp message
    const file = whatsAppOutboxFile(`whatsapp-order-placed:${order.id}`);
    expect(file.endsWith(`whatsapp-order-placed-${order.id}.json`)).toBe(true);
    const body = JSON.parse(await fs.readFile(file, "utf8")) as Record<string, unknown>;
    expect(body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: `91${shopper.phone}`,
      type: "template",
      template: {
        name: "order_placed",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Shopper" },
              { type: "text", text: `NL${order.id.split("-")[0]!.toUpperCase()}` },
              { type: "text", text: `https://neonlights.example/orders/${order.accessToken}` },
            ],
          },
        ],
      },
    });
    const built = await whatsAppMessageFor("order", order.id, "placed");
    expect(built).toEqual({ ok: true, body });
    expect(outboxJson()).toEqual([`whatsapp-order-placed-${order.id}.json`]);
    expect(wa.state.requests).toBe(0);
  });
});

describe("through the Cloud API", () => {
  it("sends one message per event, even when the event is replayed or its job runs again", async () => {
    setEnv(apiEnv());
    const { order, shopper } = await place({ consent: true });
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(1);
    expect(wa.accepted[0]!.path).toBe(`/v21.0/${PHONE_ID}/messages`);
    expect(wa.accepted[0]!.body.to).toBe(`91${shopper.phone}`);
    expect(wa.accepted[0]!.body.template!.name).toBe("order_placed");

    // Replays of the event queue nothing more; the job run again after it was sent sends nothing more.
    await db().transaction((tx) => enqueueWhatsAppPlaced(tx, order.checkoutId!));
    await db().transaction((tx) => enqueueWhatsAppPlaced(tx, order.checkoutId!));
    await sendWhatsAppUpdate({ kind: "order", id: order.id, event: "placed" });
    expect(await runQueuedJobs()).toBe(0);
    expect(wa.accepted).toHaveLength(1);

    // The owner renamed a template in the settings: the new name is used from the next message on.
    const { settings, version } = await loadShopSettings();
    const saved = await saveShopSettings(
      { ...settings, whatsappUpdates: { ...settings.whatsappUpdates, confirmed: "neon_confirmed_v2" } },
      actor,
      version,
    );
    expect(saved.ok).toBe(true);

    for (const to of ["confirmed", "in_production", "dispatched", "delivered"] as const) {
      expect((await move(order.id, to)).ok).toBe(true);
      await db().transaction((tx) => enqueueWhatsAppStatus(tx, "order", order.id, to));
      await runQueuedJobs();
      await sendWhatsAppUpdate({
        kind: "order",
        id: order.id,
        event: to === "in_production" ? "confirmed" : to,
      });
    }
    expect(wa.accepted.map((r) => r.body.template!.name)).toEqual([
      "order_placed",
      "neon_confirmed_v2",
      "order_dispatched",
      "order_delivered",
    ]);
    const link = `https://neonlights.example/orders/${order.accessToken}`;
    const id = `NL${order.id.split("-")[0]!.toUpperCase()}`;
    expect(params(2)).toEqual(["Shopper", id, "Delhivery", "DLV98765432", link]);
    expect(params(3)).toEqual(["Shopper", id, link]);
    expect((await whatsAppDeliveries(order.id)).map((d) => [d.event, d.state])).toEqual([
      ["placed", "sent"],
      ["confirmed", "sent"],
      ["dispatched", "sent"],
      ["delivered", "sent"],
    ]);
  });

  it("an online order's message goes out when it is paid (not when placed), to a number abroad as E.164 without '+'", async () => {
    setEnv(apiEnv());
    const { checkout, order } = await place({
      consent: "on",
      form: {
        paymentMethod: "razorpay",
        country: "AE",
        phone: "050 123 4567",
        city: "Dubai",
        region: "Dubai",
        state: "",
        pincode: "",
      },
    });
    await runQueuedJobs();
    expect(await whatsappJobs(order.id)).toEqual([]);
    const orderId = checkout.payment!.razorpayOrderId;
    const paid = await verifyPayment(signedPayment(orderId, "pay_wa1"));
    expect(paid.ok).toBe(true);
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(1);
    expect(wa.accepted[0]!.body.to).toBe("971501234567");
  });

  it("a custom sign order of the same checkout gets its own message with its own link", async () => {
    setEnv(apiEnv());
    const r = await postCheckout([productLine(productId), customLine("Hello")], {
      form: { whatsappUpdates: "on" },
    });
    expect(r.status).toBe(201);
    const checkoutId = (r.body.checkout as { checkoutId: string }).checkoutId;
    const [custom] = await db()
      .select()
      .from(customNeonOrders)
      .where(eq(customNeonOrders.checkoutId, checkoutId));
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(2);
    const links = wa.accepted.map((a) => a.body.template!.components![0]!.parameters![2]!.text);
    expect(links).toContain(`https://neonlights.example/orders/${custom!.accessToken}`);
    expect(new Set(links).size).toBe(2);
  });
});

describe("failures", () => {
  it("a 5xx or 429 is retried by the queue with backoff, then the message is sent once", async () => {
    setEnv(apiEnv());
    wa.state.failNext = [{ status: 503, code: 131000 }];
    const { order } = await place({ consent: "on" });
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(0);
    expect(await whatsappJobs(order.id)).toMatchObject([{ state: "retry", event: "placed" }]);
    expect(await runQueuedJobs()).toBe(0); // not due yet

    wa.state.failNext = [{ status: 429, code: 130429, message: "Rate limit hit" }];
    await db().execute(sql`update pgboss.job set start_after = now() where data->>'id' = ${order.id}`);
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(0);
    expect(await whatsappJobs(order.id)).toMatchObject([{ state: "retry" }]);

    await db().execute(sql`update pgboss.job set start_after = now() where data->>'id' = ${order.id}`);
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(1);
    expect(await whatsappJobs(order.id)).toMatchObject([{ state: "completed" }]);
    expect(wa.state.requests).toBe(3);
  });

  it("a message the queue gave up on after its retries is shown as not sent, with the last error", async () => {
    setEnv(apiEnv({ WHATSAPP_TOKEN: `${TOKEN}x` }));
    const { order } = await place({ consent: "on" });
    await runQueuedJobs();
    expect(await whatsAppDeliveries(order.id)).toMatchObject([{ event: "placed", state: "waiting" }]);
    // As pg-boss leaves a job whose last retry failed.
    await db().execute(
      sql`update pgboss.job set state = 'failed' where name = ${WHATSAPP_QUEUE} and data->>'id' = ${order.id}`,
    );
    const [d] = await whatsAppDeliveries(order.id);
    expect(d).toMatchObject({ event: "placed", state: "failed" });
    expect(d!.failure).toMatch(/^gave up after retries: WhatsApp answered 401 \(#190\)/);
    expect(d!.failure).not.toContain(TOKEN.slice(4));
  });

  it("a network failure is retried too", async () => {
    setEnv(apiEnv({ WHATSAPP_API_BASE: "http://127.0.0.1:1/v21.0" }));
    const { order } = await place({ consent: "on" });
    await runQueuedJobs();
    expect(await whatsappJobs(order.id)).toMatchObject([{ state: "retry" }]);
    setEnv(apiEnv());
    await db().execute(sql`update pgboss.job set start_after = now() where data->>'id' = ${order.id}`);
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(1);
  });

  it("a permanent refusal (template missing, bad number) is recorded, shown, and not retried", async () => {
    setEnv(apiEnv());
    const { settings, version } = await loadShopSettings();
    const saved = await saveShopSettings(
      { ...settings, whatsappUpdates: { ...settings.whatsappUpdates, placed: "no_such_template" } },
      actor,
      version,
    );
    expect(saved.ok).toBe(true);
    try {
      const { order } = await place({ consent: "on" });
      await runQueuedJobs();
      expect(await whatsappJobs(order.id)).toMatchObject([{ state: "completed" }]);
      expect(wa.state.requests).toBe(1);
      const [d] = await whatsAppDeliveries(order.id);
      expect(d).toMatchObject({ event: "placed", state: "failed" });
      expect(d!.failure).toMatch(/404 \(#132001\)/);
      // Run again (a job re-delivered after a crash): nothing more is asked of the API.
      await sendWhatsAppUpdate({ kind: "order", id: order.id, event: "placed" });
      expect(wa.state.requests).toBe(1);

      // A 400 with a Cloud API error code for a bad recipient is permanent as well.
      wa.state.failNext = [{ status: 400, code: 131026, message: "Message undeliverable" }];
      expect((await move(order.id, "confirmed")).ok).toBe(true);
      await runQueuedJobs();
      expect(await whatsappJobs(order.id)).toMatchObject([{ state: "completed" }, { state: "completed" }]);
      expect((await whatsAppDeliveries(order.id))[1]).toMatchObject({ event: "confirmed", state: "failed" });

      // A stored number that is no WhatsApp number is never sent to the API.
      await db().update(orders).set({ customerPhone: "+91 12345" }).where(eq(orders.id, order.id));
      expect((await move(order.id, "in_production")).ok).toBe(true);
      expect((await move(order.id, "dispatched")).ok).toBe(true);
      await runQueuedJobs();
      expect(wa.state.requests).toBe(2);
      expect((await whatsAppDeliveries(order.id))[2]).toMatchObject({
        event: "dispatched",
        state: "failed",
        failure: "the order's phone number is not a valid WhatsApp number",
      });
    } finally {
      const now = await loadShopSettings();
      await saveShopSettings(
        { ...now.settings, whatsappUpdates: { ...now.settings.whatsappUpdates, placed: "order_placed" } },
        actor,
        now.version,
      );
    }
  });

  it("the access token never reaches a log line, a recorded failure or a job's stored error", async () => {
    const logged: string[] = [];
    for (const level of ["info", "warn", "error"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        logged.push(inspect(args, { depth: 8 }));
      }) as never);
    }
    // A token the API refuses (401), a network failure, a permanent refusal and a success.
    setEnv(apiEnv({ WHATSAPP_TOKEN: `${TOKEN}x` }));
    const a = await place({ consent: "on" });
    await runQueuedJobs();
    setEnv(apiEnv({ WHATSAPP_API_BASE: "http://127.0.0.1:1/v21.0" }));
    await db().execute(sql`update pgboss.job set start_after = now() where data->>'id' = ${a.order.id}`);
    await runQueuedJobs();
    setEnv(apiEnv());
    wa.state.failNext = [{ status: 400, code: 131026 }];
    await db().execute(sql`update pgboss.job set start_after = now() where data->>'id' = ${a.order.id}`);
    await runQueuedJobs();
    const b = await place({ consent: "on" });
    await runQueuedJobs();
    expect(wa.accepted).toHaveLength(1);
    expect(wa.accepted[0]!.authorization).toBe(`Bearer ${TOKEN}`);

    expect(logged.some((l) => l.includes("job failed"))).toBe(true);
    expect(logged.some((l) => l.includes("WhatsApp message sent"))).toBe(true);
    expect(logged.join("\n")).not.toContain(TOKEN.slice(4));
    const stored = await db().execute<{ text: string }>(sql`
      select coalesce(output::text, '') || coalesce(data::text, '') as text from pgboss.job
      where name = ${WHATSAPP_QUEUE} and data->>'id' in (${a.order.id}, ${b.order.id})
      union all select coalesce(failure, '') from message_deliveries`);
    expect(stored.rows.length).toBeGreaterThan(0);
    expect(stored.rows.map((r) => r.text).join("\n")).not.toContain(TOKEN.slice(4));

    // The settings page says whether WhatsApp is connected, never with what.
    const page = await settingsFormData();
    expect(page.whatsappConfigured).toBe(true);
    expect(JSON.stringify(page)).not.toContain(TOKEN.slice(4));
  });
});
