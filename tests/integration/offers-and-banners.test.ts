import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInIndia } from "~/shared/ist-dates";
import { action as bannersAction } from "~/features/catalog/routes/admin-banners";
import { action as offersAction } from "~/features/offers/routes/admin-offers";
import { listActiveBanners } from "~/features/catalog/catalog.server";
import { db } from "~/platform/db/client.server";
import { banners, products } from "~/features/catalog/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { discountCodes } from "~/features/discount-codes/tables.server";
import { offers } from "~/features/offers/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { seedDemoCatalogue } from "~/wiring/demo-data.server";
import { adminSession, ORIGIN, type AdminSession } from "../support/admin-session";
import { customLine, productLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, postCheckout, postQuote } from "../support/orders";
import { callRoute, outcome } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// Automatic offers and banners that promise a code or an offer: the seeded demo's banners promise what
// checkout applies, and a banner whose promise is no longer honoured is not shown.

setupTestDatabase({ PUBLIC_URL: ORIGIN, PAYMENT_MODE: "test", ...NO_ORDER_LIMITS });
afterAll(() => runQueuedJobs());

let admin: AdminSession;
beforeAll(async () => {
  await seedDemoCatalogue(db());
  admin = await adminSession("offers-admin@neonlights.in");
});

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
async function adminPost(fn: unknown, path: string, fields: Record<string, string>) {
  const r = await outcome(callRoute(fn as never, admin.request(path, { form: fields })));
  return { status: r.status, data: r.body as Answer };
}

const productByName = async (name: string) =>
  (await db().select().from(products).where(eq(products.name, name)))[0]!;

describe("the seeded demo keeps its banners' promises", () => {
  it("the demo banners promise the seeded code and offer, and both are live", async () => {
    const shown = await listActiveBanners();
    const byTitle = Object.fromEntries(shown.map((b) => [b.title, b.promotion]));
    expect(byTitle["Festive Sale: Flat 20% Off"]).toEqual({
      kind: "code",
      code: "FESTIVE20",
      label: "20% off",
    });
    expect(byTitle["Free Dimmer on XL Signs"]).toEqual({ kind: "offer", name: "Free Dimmer on XL Signs" });
    expect(byTitle["Custom Neon from ₹1,999"]).toBeNull();
  });

  it("Flat 20% Off: FESTIVE20 takes 20% off at checkout", async () => {
    const p = await productByName("Good Vibes Only Neon Sign");
    const r = await postCheckout([productLine(p.id)], { form: { discountCode: "festive20" } });
    expect(r.status).toBe(201);
    const [o] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, (r.body.checkout as { checkoutId: string }).checkoutId));
    expect(o).toMatchObject({
      subtotal: p.mediumPrice,
      discount: Math.round(p.mediumPrice * 0.2),
      discountCode: "FESTIVE20",
    });
  });

  it("Free Dimmer on XL Signs: the dimmer of an XL custom sign and the controller of an XL ready-made sign are free", async () => {
    const p = await productByName("Good Vibes Only Neon Sign");
    const items = [
      productLine(p.id, {}, { size: "XL", brightnessController: true }),
      customLine("PARTY", { size: "XL", hasDimmer: true }),
      customLine("SMALL", { size: "M", hasDimmer: true }),
    ];
    const q = await postQuote({ items, paymentMethod: "razorpay" });
    expect(q.body.offers).toEqual({ names: "Free Dimmer on XL Signs", amount: 500 + 499 });
    const r = await postCheckout(items, { method: "razorpay" });
    const id = (r.body.checkout as { checkoutId: string; totalAmount: number }).checkoutId;
    const [o] = await db().select().from(orders).where(eq(orders.checkoutId, id));
    expect(o).toMatchObject({ offerDiscount: 500, offerNames: "Free Dimmer on XL Signs" });
    const customs = await db().select().from(customNeonOrders).where(eq(customNeonOrders.checkoutId, id));
    expect(customs.find((c) => c.customText === "PARTY")).toMatchObject({
      offerDiscount: 499,
      hasDimmer: true,
    });
    expect(customs.find((c) => c.customText === "SMALL")).toMatchObject({ offerDiscount: 0 });
    expect((r.body.checkout as { totalAmount: number }).totalAmount).toBe(q.body.totalAmount);
  });

  it("a banner whose code or offer is no longer honoured is not shown", async () => {
    await db().update(discountCodes).set({ isActive: false }).where(eq(discountCodes.code, "FESTIVE20"));
    await db()
      .update(offers)
      .set({ endsOn: addDays(todayInIndia(), -1) })
      .where(eq(offers.name, "Free Dimmer on XL Signs"));
    const titles = (await listActiveBanners()).map((b) => b.title);
    expect(titles).toEqual(["Custom Neon from ₹1,999"]);
    // And checkout no longer applies them either.
    const p = await productByName("Good Vibes Only Neon Sign");
    const q = await postQuote({
      items: [productLine(p.id, {}, { size: "XL", brightnessController: true })],
      discountCode: "FESTIVE20",
    });
    expect(q.body).toMatchObject({ offers: null, discount: null });
    expect(q.body.discountError).toMatch(/not a valid discount code/);
    await db().update(discountCodes).set({ isActive: true }).where(eq(discountCodes.code, "FESTIVE20"));
    await db().update(offers).set({ endsOn: null }).where(eq(offers.name, "Free Dimmer on XL Signs"));
  });

  it("seeding again creates nothing new and keeps the links", async () => {
    expect((await seedDemoCatalogue(db())).created).toBe(0);
    const linked = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(banners)
      .where(sql`${banners.discountCodeId} is not null or ${banners.offerId} is not null`);
    expect(linked[0]!.n).toBe(2);
  });
});

describe("the admin", () => {
  it("creates an offer, refuses a duplicate name and a bad percent, switches it off", async () => {
    const ok = await adminPost(offersAction, "/admin/offers", {
      intent: "create",
      name: "Ten Off Custom",
      kind: "percent-off",
      value: "10",
      appliesTo: "custom",
      sizes: "",
      isActive: "on",
    });
    expect(ok).toMatchObject({ status: 200, data: { ok: true } });
    const dup = await adminPost(offersAction, "/admin/offers", {
      intent: "create",
      name: "ten off custom",
      kind: "free-dimmer",
      appliesTo: "all",
    });
    expect(dup.data.fieldErrors).toEqual({ name: "An offer with this name already exists" });
    const bad = await adminPost(offersAction, "/admin/offers", {
      intent: "create",
      name: "Too Much",
      kind: "percent-off",
      value: "0",
      appliesTo: "all",
      sizes: "XXL",
    });
    expect(bad.data.fieldErrors).toEqual({ sizes: "Sizes are S, M, L and XL" });
    const zero = await adminPost(offersAction, "/admin/offers", {
      intent: "create",
      name: "Too Little",
      kind: "percent-off",
      value: "0",
      appliesTo: "all",
      sizes: "XL",
    });
    expect(zero.data.fieldErrors).toEqual({ value: "Percent must be a whole number from 1 to 100" });
    const [row] = await db().select().from(offers).where(eq(offers.name, "Ten Off Custom"));
    expect(row).toMatchObject({ kind: "percent-off", value: 10, appliesTo: "custom", sizes: [] });
    const off = await adminPost(offersAction, "/admin/offers", {
      intent: "toggle",
      id: row!.id,
      isActive: "false",
    });
    expect(off.status).toBe(200);
    expect((await db().select().from(offers).where(eq(offers.id, row!.id)))[0]!.isActive).toBe(false);
  });

  it("links a banner to an offer, and refuses a promotion that is not a code or an offer", async () => {
    const [banner] = await db().select().from(banners).where(eq(banners.title, "Custom Neon from ₹1,999"));
    const [offer] = await db().select().from(offers).where(eq(offers.name, "Free Dimmer on XL Signs"));
    const r = await adminPost(bannersAction, "/admin/banners", {
      intent: "promote",
      id: banner!.id,
      promotion: `offer:${offer!.id}`,
    });
    expect(r.status).toBe(200);
    expect((await db().select().from(banners).where(eq(banners.id, banner!.id)))[0]!.offerId).toBe(offer!.id);
    const bad = await adminPost(bannersAction, "/admin/banners", {
      intent: "promote",
      id: banner!.id,
      promotion: "code:not-a-uuid",
    });
    expect(bad.status).toBe(400);
    const gone = await adminPost(bannersAction, "/admin/banners", {
      intent: "promote",
      id: banner!.id,
      promotion: "code:00000000-0000-4000-8000-000000000000",
    });
    expect(gone).toMatchObject({
      status: 400,
      data: { fieldErrors: { promotion: expect.stringMatching(/no longer exists/) } },
    });
  });
});
