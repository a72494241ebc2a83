import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quoteOrderRequestSchema } from "~/features/logo-quotes/logo-quotes";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import { setEnv } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { logoQuoteRequestAction } from "~/features/logo-quotes/routes/logo-quote-routes.server";
import { adminLogoQuotesAction as adminLogoQuotes } from "~/features/logo-quotes/routes/admin-logo-quotes.server";
import { callRoute, outcome } from "../support/route-calls";
import { priceLogoQuote, quoteByToken, requestLogoQuote } from "~/features/logo-quotes/logo-quotes.server";
import { placeQuoteOrder } from "~/features/logo-quotes/quote-orders.server";
import { adminSession } from "../support/admin-session";
import { NO_ORDER_LIMITS } from "../support/orders";
import { outbox } from "../support/outbox";
import { setupTestDatabase } from "../support/test-db";

const t = setupTestDatabase(NO_ORDER_LIMITS);
beforeEach(() => setEnv(t.env));

let actor: { id: string; email: string };
beforeAll(async () => {
  actor = (await adminSession("quotes@example.com")).actor;
});

const logo = (format: "png" | "jpeg" | "webp" = "png") => {
  const img = sharp({ create: { width: 200, height: 100, channels: 4, background: "#ff00aa" } });
  return (format === "png" ? img.png() : format === "jpeg" ? img.jpeg() : img.webp()).toBuffer();
};

const request = {
  name: "Arjun Mehta",
  phone: "+919845033333",
  email: "arjun.quotes@example.in",
  size: "L" as const,
  notes: "Two colours",
};

async function newQuote() {
  const r = await requestLogoQuote(request, { bytes: await logo() }, "203.0.113.40");
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const rows = await db().select().from(logoQuotes).where(eq(logoQuotes.customerEmail, request.email));
  return rows.find((x) => x.id.replace(/-/g, "").slice(0, 8).toUpperCase() === r.ref.slice(2))!;
}

const orderBody = (over: Record<string, unknown> = {}) =>
  quoteOrderRequestSchema.parse({
    idempotencyKey: crypto.randomBytes(16).toString("hex"),
    form: {
      name: "Arjun Mehta",
      phone: "98450 33333",
      email: "arjun.quotes@example.in",
      address1: "3 Park Street",
      city: "Kolkata",
      state: "west-bengal",
      pincode: "700016",
      paymentMethod: "cod",
      ...over,
    },
    // What a tampered browser might add: dropped by the schema, never read.
    price: 1,
    items: [{ price: 1 }],
  });

const mails = () => outbox(t.dataDir).mails();
const quoteMails = () => mails().filter((m) => m.includes("Thank you for sending us your logo"));

describe("logo quotes", () => {
  it("is priced by staff once, e-mailed, and ordered once at the quoted price with the usual charges", async () => {
    const q = await newQuote();
    expect(q).toMatchObject({ state: "requested", price: null, size: "L" });
    // Before a price: nothing to order.
    expect(await placeQuoteOrder(q.accessToken, orderBody())).toMatchObject({ ok: false, status: 409 });

    expect(
      await priceLogoQuote({ id: q.id, price: 5200, message: "Includes a clear backing" }, actor),
    ).toEqual({
      ok: true,
    });
    expect(await priceLogoQuote({ id: q.id, price: 10, message: "" }, actor)).toMatchObject({
      ok: false,
      status: 409,
    });
    await runQueuedJobs();
    const notices = mails().filter((m) => m.includes("asks for a price for their logo"));
    expect(notices.some((m) => m.includes("Two colours"))).toBe(true);
    const mail = quoteMails().at(-1)!;
    expect(mail).toContain(`/quotes/${q.accessToken}`);
    expect(mail).toContain("₹5,200");

    const view = await quoteByToken(q.accessToken);
    expect(view).toMatchObject({ state: "priced", price: 5200, orderPath: null });

    const placed = await placeQuoteOrder(q.accessToken, orderBody());
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await db()
      .select()
      .from(customNeonOrders)
      .where(eq(customNeonOrders.checkoutId, placed.checkout.checkoutId));
    // The quoted price, never the browser's; the shop's usual delivery and COD charges on top.
    expect(order).toMatchObject({
      basePrice: 5200,
      size: "L",
      previewImageKey: q.imageKey,
      paymentMethod: "cod",
    });
    expect(order!.totalAmount).toBe(5200 + order!.deliveryFee + order!.codFee);
    expect(order!.codFee).toBeGreaterThan(0);
    const [c] = await db().select().from(checkouts).where(eq(checkouts.id, placed.checkout.checkoutId));
    expect(c!.totalAmount).toBe(order!.totalAmount);

    // Ordered once: another attempt is refused; the same attempt replays its first answer.
    expect(await placeQuoteOrder(q.accessToken, orderBody())).toMatchObject({ ok: false, status: 409 });
    const [row] = await db().select().from(logoQuotes).where(eq(logoQuotes.id, q.id));
    expect(row).toMatchObject({ state: "ordered", customOrderId: order!.id });
    expect(await quoteByToken(q.accessToken)).toMatchObject({
      state: "ordered",
      orderPath: `/orders/${order!.accessToken}`,
    });
  });

  it("frees a quote whose unpaid order was cancelled", async () => {
    const q = await newQuote();
    await priceLogoQuote({ id: q.id, price: 3000, message: "" }, actor);
    const first = await placeQuoteOrder(q.accessToken, orderBody());
    if (!first.ok) throw new Error(first.message);
    await db()
      .update(customNeonOrders)
      .set({ status: "cancelled" })
      .where(eq(customNeonOrders.checkoutId, first.checkout.checkoutId));
    expect((await placeQuoteOrder(q.accessToken, orderBody())).ok).toBe(true);
  });

  it("answers 404 for a wrong or malformed token", async () => {
    expect(await quoteByToken("f".repeat(64))).toBeNull();
    expect(await quoteByToken("not-a-token")).toBeNull();
    expect(await placeQuoteOrder("f".repeat(64), orderBody())).toMatchObject({ ok: false, status: 404 });
  });

  it("accepts only PNG or JPEG logos and checks the form", async () => {
    expect((await requestLogoQuote(request, { bytes: await logo("jpeg") }, "x")).ok).toBe(true);
    expect(await requestLogoQuote(request, { bytes: await logo("webp") }, "x")).toMatchObject({
      ok: false,
      errors: { logo: "The logo must be a PNG or JPG picture." },
    });
    expect(await requestLogoQuote(request, { bytes: Buffer.from("<svg/>") }, "x")).toMatchObject({
      ok: false,
    });
    expect(await requestLogoQuote(request, null, "x")).toMatchObject({ ok: false });

    const post = async (fields: Record<string, string>, file?: Buffer) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.set(k, v);
      if (file) fd.set("logo", new Blob([new Uint8Array(file)], { type: "image/png" }), "logo.png");
      return (await logoQuoteRequestAction(
        new Request("http://shop.test/customize/logo", { method: "POST", body: fd }),
        {
          clientIp: `198.51.100.${Math.floor(Math.random() * 200)}`,
        },
      )) as unknown as {
        data: { ok: boolean; fieldErrors?: Record<string, string> };
        init: { status?: number } | null;
      };
    };
    const bad = await post({ name: "", phone: "123", email: "nope", size: "XXL", notes: "" }, await logo());
    expect(bad.init?.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors ?? {}).sort()).toEqual(["email", "name", "phone", "size"]);
    const good = await post(
      { name: "Isha", phone: "98450 44444", email: "isha@example.in", size: "S", notes: "" },
      await logo(),
    );
    expect(good.data.ok).toBe(true);
  });

  it("staff add a logo a customer sent in a chat: priced at once it is e-mailed, with no notice to staff", async () => {
    const staff = await adminSession("chat.quotes@example.com", { role: "operations" });
    const post = async (fields: Record<string, string>, file?: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      if (file) form.set("logo", new Blob([new Uint8Array(file)], { type: "image/png" }), "logo.png");
      return outcome(callRoute(adminLogoQuotes, staff.request("/admin/logo-quotes", { form })));
    };
    const customer = {
      intent: "add",
      name: "Meera Iyer",
      phone: "98450 55555",
      email: "meera.chat@example.in",
      size: "XL",
      notes: "From the WhatsApp chat",
    };
    const count = async () => (await db().select().from(logoQuotes)).length;
    const before = await count();
    // Wrong fields, a file that is not a PNG or JPEG, no file: refused by name, nothing stored.
    const bad = await post({ ...customer, phone: "12345", price: "12.5" }, await logo());
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["phone", "price"]);
    expect((await post({ ...customer, price: "2500" }, Buffer.from("<svg/>"))).body.fieldErrors.logo).toBe(
      "The logo must be a PNG or JPG picture.",
    );
    expect((await post({ ...customer, price: "2500" })).body.fieldErrors.logo).toBe(
      "Choose your logo (PNG or JPG).",
    );
    expect((await post({ ...customer, intent: "approve" }, await logo())).status).toBe(400);
    expect(await count()).toBe(before);

    const priced = await post({ ...customer, price: "6500" }, await logo("jpeg"));
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    const [q] = await db().select().from(logoQuotes).where(eq(logoQuotes.id, priced.body.added.id));
    expect(q).toMatchObject({
      state: "priced",
      price: 6500,
      size: "XL",
      customerPhone: "+919845055555",
      pricedByEmail: "chat.quotes@example.com",
      clientIp: null,
    });
    const unpriced = await post(customer, await logo());
    expect(unpriced.body.added.priced).toBe(false);
    await runQueuedJobs();
    expect(quoteMails().filter((m) => m.includes(`/quotes/${q!.accessToken}`))).toHaveLength(1);
    expect(
      mails().filter(
        (m) => m.includes("asks for a price for their logo") && m.includes("From the WhatsApp chat"),
      ),
    ).toHaveLength(0);
    // Priced later like a shopper's request.
    const later = await post({ intent: "price", id: unpriced.body.added.id, price: "3000", message: "" });
    expect(later.status).toBe(200);
    const [l] = await db().select().from(logoQuotes).where(eq(logoQuotes.id, unpriced.body.added.id));
    expect(l).toMatchObject({ state: "priced", price: 3000 });
  });
});
