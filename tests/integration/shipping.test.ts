import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOrderDetails } from "~/features/orders/admin-order-details.server";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { saveShopSettings, loadShopSettings } from "~/features/settings/store-settings.server";
import { adminSession } from "../support/admin-session";
import {
  checkoutForm,
  customLine,
  makeCategory,
  makeProduct,
  newShopper,
  productLine,
} from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, postCheckout, postQuote } from "../support/orders";
import { countRows, setupTestDatabase } from "../support/test-db";

// Shipping rules priced on the server: standard (free from the threshold), express by PIN prefix, the
// cash-on-delivery charge, each stored in its own column; whatever the browser says about fees is ignored.

// Many orders from one address: the per-customer limits have their own suite.
setupTestDatabase({ PAYMENT_MODE: "test", ...NO_ORDER_LIMITS });
afterAll(() => runQueuedJobs());

let categoryId = "";
beforeAll(async () => {
  categoryId = await makeCategory();
});

const IP = "198.51.100.7";
/** The checkout's POST of these lines with this form (and tampered top-level fields), from IP. */
const place = (items: unknown[], form: Record<string, unknown>, extra?: Record<string, unknown>) =>
  postCheckout(items, { ip: IP, form, extra });
const quote = (body: Record<string, unknown>) => postQuote(body, IP);
const orderOf = async (checkoutId: string) =>
  (await db().select().from(orders).where(eq(orders.checkoutId, checkoutId)))[0]!;
describe("what the browser says about money is ignored", () => {
  it("a tampered delivery fee, COD charge or total in the body changes nothing", async () => {
    const p = await makeProduct(categoryId, { mediumPrice: 2499 });
    const form = {
      ...checkoutForm(newShopper(), "cod"),
      deliveryFee: 0,
      codFee: 0,
      shippingFee: 0,
      totalAmount: 1,
    };
    const r = await place([productLine(p.id, { price: 1 })], form, {
      deliveryFee: 0,
      codFee: 0,
      totalAmount: 1,
      discount: 2499,
    });
    expect(r.status).toBe(201);
    const checkout = r.body.checkout as { checkoutId: string; totalAmount: number };
    expect(await orderOf(checkout.checkoutId)).toMatchObject({
      subtotal: 2499,
      deliveryFee: 299,
      codFee: 50,
      totalAmount: 2848,
    });
    expect(checkout.totalAmount).toBe(2848);
  });
});

describe("the shipping rules", () => {
  it("standard delivery is free at exactly ₹5,000 and charged at ₹4,999", async () => {
    const at = await makeProduct(categoryId, { mediumPrice: 5000 });
    const below = await makeProduct(categoryId, { mediumPrice: 4999 });
    const a = await place([productLine(at.id)], checkoutForm(newShopper(), "razorpay"));
    const b = await place([productLine(below.id)], checkoutForm(newShopper(), "razorpay"));
    expect(await orderOf((a.body.checkout as { checkoutId: string }).checkoutId)).toMatchObject({
      subtotal: 5000,
      deliveryFee: 0,
      codFee: 0,
      totalAmount: 5000,
    });
    expect(await orderOf((b.body.checkout as { checkoutId: string }).checkoutId)).toMatchObject({
      subtotal: 4999,
      deliveryFee: 299,
      totalAmount: 5298,
    });
  });

  it("express costs ₹599 to a covered PIN (even above the free threshold) and is refused elsewhere, writing nothing", async () => {
    const p = await makeProduct(categoryId, { mediumPrice: 2999 });
    const shopper = newShopper();
    const delhi = {
      ...checkoutForm(shopper, "cod"),
      city: "New Delhi",
      state: "delhi",
      pincode: "110001",
      shippingMethod: "express",
    };
    const r = await place([productLine(p.id, { quantity: 2 })], delhi);
    expect(r.status).toBe(201);
    const order = await orderOf((r.body.checkout as { checkoutId: string }).checkoutId);
    expect(order).toMatchObject({
      subtotal: 5998,
      deliveryFee: 599,
      codFee: 50,
      totalAmount: 6647,
      shippingMethod: "express",
      deliveryDaysMin: 3,
      deliveryDaysMax: 5,
    });
    // The admin's details dialog shows each charge.
    expect(await getOrderDetails(order.id)).toMatchObject({
      subtotal: 5998,
      deliveryFee: 599,
      codFee: 50,
      shippingMethod: "express",
      totalAmount: 6647,
    });

    const before = await countRows(checkouts);
    const badaun = {
      ...checkoutForm(newShopper(), "cod"),
      city: "Badaun",
      state: "uttar-pradesh",
      pincode: "243601",
      shippingMethod: "express",
    };
    const refused = await place([productLine(p.id)], badaun);
    expect(refused.status).toBe(422);
    expect(refused.body.fieldErrors).toEqual({
      shippingMethod:
        "Express delivery is not available for PIN code 243601. Please choose Standard Delivery.",
    });
    expect(await countRows(checkouts)).toBe(before);
  });

  it("a custom-only cart carries the charges on its first custom order", async () => {
    const r = await place([customLine("HI"), customLine("THERE")], checkoutForm(newShopper(), "cod"));
    const rows = await db()
      .select()
      .from(customNeonOrders)
      .where(eq(customNeonOrders.checkoutId, (r.body.checkout as { checkoutId: string }).checkoutId));
    // Two M signs (2,999 each): 5,998 of goods, free delivery, ₹50 COD on one of them.
    expect(rows.map((o) => [o.deliveryFee, o.codFee]).sort()).toEqual([
      [0, 0],
      [0, 50],
    ]);
  });
});

describe("the quote", () => {
  it("lists the options that apply to the PIN with fees and dates, and prices the chosen one as placing does", async () => {
    const p = await makeProduct(categoryId, { mediumPrice: 1999 });
    const items = [productLine(p.id)];
    const delhi = await quote({ items, pincode: "110001", shippingMethod: "express", paymentMethod: "cod" });
    expect(delhi.status).toBe(200);
    expect(delhi.body).toMatchObject({
      subtotal: 1999,
      deliveryFee: 599,
      codFee: 50,
      totalAmount: 2648,
      shippingMethod: "express",
      shippingError: null,
    });
    const options = delhi.body.options as { method: string; fee: number; from: string; to: string }[];
    expect(options.map((o) => [o.method, o.fee])).toEqual([
      ["standard", 299],
      ["express", 599],
    ]);
    for (const o of options) expect(o.from <= o.to && /^\d{4}-\d{2}-\d{2}$/.test(o.from)).toBe(true);

    const badaun = await quote({ items, pincode: "243601", shippingMethod: "express", paymentMethod: "cod" });
    expect(badaun.body).toMatchObject({
      deliveryFee: 299,
      codFee: 50,
      shippingMethod: "standard",
      shippingError: { field: "shippingMethod" },
    });
    expect((badaun.body.options as unknown[]).length).toBe(1);

    const placed = await place(items, {
      ...checkoutForm(newShopper(), "cod"),
      city: "New Delhi",
      state: "delhi",
      pincode: "110001",
      shippingMethod: "express",
    });
    expect((placed.body.checkout as { totalAmount: number }).totalAmount).toBe(2648);
  });

  it("follows the owner's new free-delivery threshold at once", async () => {
    const p = await makeProduct(categoryId, { mediumPrice: 3000 });
    const items = [productLine(p.id)];
    expect((await quote({ items, paymentMethod: "razorpay" })).body).toMatchObject({ deliveryFee: 299 });
    const { settings, version } = await loadShopSettings();
    const { actor } = await adminSession("owner@neonlights.in");
    const saved = await saveShopSettings(
      { ...settings, shipping: { ...settings.shipping, freeFrom: 3000 } },
      actor,
      version,
    );
    expect(saved.ok).toBe(true);
    expect((await quote({ items, paymentMethod: "razorpay" })).body).toMatchObject({
      deliveryFee: 0,
      totalAmount: 3000,
    });
    const r = await place(items, checkoutForm(newShopper(), "razorpay"));
    expect(await orderOf((r.body.checkout as { checkoutId: string }).checkoutId)).toMatchObject({
      deliveryFee: 0,
      totalAmount: 3000,
    });
  });
});

describe("international orders", () => {
  const dubai = (shopper = newShopper()) => ({
    ...checkoutForm(shopper, "razorpay"),
    country: "AE",
    phone: "+971 50 123 4567",
    city: "Dubai",
    state: "",
    region: "Dubai",
    pincode: "",
  });

  it("an order to Dubai: online payment, the country's fee and window, the address as written there", async () => {
    const p = await makeProduct(categoryId, { mediumPrice: 2999 });
    const q = await quote({ items: [productLine(p.id)], country: "AE", paymentMethod: "razorpay" });
    expect(q.body).toMatchObject({
      deliveryFee: 2499,
      codFee: 0,
      totalAmount: 2999 + 2499,
      shippingMethod: "international",
    });
    const r = await place([productLine(p.id)], { ...dubai(), shippingMethod: "express" });
    expect(r.status).toBe(201);
    const checkout = r.body.checkout as {
      checkoutId: string;
      payment: { amountPaise: number } | null;
      shippingAddress: string;
    };
    expect(checkout.payment?.amountPaise).toBe((2999 + 2499) * 100);
    expect(checkout.shippingAddress).toContain("Dubai, United Arab Emirates");
    expect(await orderOf(checkout.checkoutId)).toMatchObject({
      deliveryFee: 2499,
      codFee: 0,
      shippingMethod: "international",
      deliveryDaysMin: 15,
      deliveryDaysMax: 20,
      customerPhone: "+971501234567",
      shippingAddress: { country: "AE", state: "Dubai", city: "Dubai", pincode: "" },
    });
  });

  it("refuses cash on delivery abroad and a phone or postal code that is not the country's, writing nothing", async () => {
    const p = await makeProduct(categoryId, { mediumPrice: 2999 });
    const before = await countRows(checkouts);
    const cod = await place([productLine(p.id)], { ...dubai(), paymentMethod: "cod" });
    expect(cod.status).toBe(400);
    expect((cod.body.fieldErrors as Record<string, string>).paymentMethod).toBe(
      "Cash on delivery is available in India only. Please pay online.",
    );
    const us = await place([productLine(p.id)], {
      ...dubai(),
      country: "US",
      region: "NY",
      pincode: "ABCDE",
      phone: "98765 43210",
    });
    expect(us.status).toBe(400);
    expect(us.body.fieldErrors).toMatchObject({
      pincode: "Enter a valid zip code for United States, such as 10001 or 10001-1234.",
      phone: "Enter a valid phone number for United States, with its area code.",
    });
    expect(await countRows(checkouts)).toBe(before);
  });
});
