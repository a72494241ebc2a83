import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { releaseExpiredHolds } from "~/features/payments/holds.server";
import { placeOrder } from "~/features/checkout/place-order.server";
import { placeOrderRequestSchema } from "~/features/checkout/checkout";
import { quoteCart } from "~/features/checkout/quote.server";
import { returnStock } from "~/features/order-lifecycle/order-stock.server";
import { db } from "~/platform/db/client.server";
import { setEnv } from "~/platform/env.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { checkouts } from "~/features/checkout/tables.server";
import { orderItems, orders } from "~/features/order-lifecycle/tables.server";
import {
  makeCategory,
  makeProduct as makeProductIn,
  idempotencyKey as key,
  productLine,
  stockOf,
} from "../support/checkout-fixtures";
import { fakeRazorpayEnv, startFakeRazorpay } from "../support/fake-razorpay";
import { checkoutBody, NO_ORDER_LIMITS, placeCheckout } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// Issue 27, item 5: the owner chooses per product between "sold out" and "made to order, +N days".
const fake = await startFakeRazorpay();
const t = setupTestDatabase({ ...fakeRazorpayEnv(fake), ...NO_ORDER_LIMITS });
afterAll(() => fake.close());
afterAll(() => runQueuedJobs());
beforeEach(() => setEnv(t.env));

let categoryId = "";
beforeAll(async () => {
  categoryId = await makeCategory("Made to order");
});
const makeProduct = (over: Parameters<typeof makeProductIn>[1] = {}) => makeProductIn(categoryId, over);

const form = (paymentMethod: "cod" | "razorpay") => ({
  name: "Ravi Kumar",
  phone: "+91 98765 43111",
  email: "ravi@example.in",
  address1: "4 Park Street",
  city: "Kolkata",
  state: "west-bengal",
  pincode: "700016",
  preferredDate: "",
  paymentMethod,
});
const place = (items: Parameters<typeof placeCheckout>[0], method: "cod" | "razorpay" = "cod") =>
  placeCheckout(items, { method, idempotencyKey: key(), form: form(method) });

async function regularOrderOf(checkoutId: string) {
  const [order] = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
  return { order: order!, items };
}

describe("a product with no stock", () => {
  it("sold out (the default) cannot be ordered, by the quote or the checkout", async () => {
    const p = await makeProduct({ name: "Gone Sign", stockQuantity: 0 });
    const quote = await quoteCart({ items: [productLine(p.id)], discountCode: undefined });
    expect(quote.lineErrors).toEqual(['"Gone Sign" is out of stock. Please remove it from your cart.']);
    const r = await placeOrder(
      placeOrderRequestSchema.parse(
        checkoutBody([productLine(p.id)], { method: "cod", idempotencyKey: key(), form: form("cod") }),
      ),
    );
    expect(r).toMatchObject({ ok: false, status: 409 });
    expect(await stockOf(p.id)).toBe(0);
  });

  it("made to order is ordered, stock stays 0, the units are marked made to order and the dates are later", async () => {
    const inStock = await makeProduct({ stockQuantity: 5 });
    const p = await makeProduct({ stockQuantity: 0, whenSoldOut: "made-to-order", madeToOrderDays: 6 });
    const quoteStock = await quoteCart({ items: [productLine(inStock.id)], discountCode: undefined });
    const quote = await quoteCart({ items: [productLine(p.id, { quantity: 2 })], discountCode: undefined });
    expect(quote.lineErrors).toEqual([]);
    expect(quote.lines[0]).toMatchObject({ quantity: 2, extraDays: 6 });
    expect(quoteStock.lines[0]!.extraDays).toBeUndefined();
    const std = (q: typeof quote) => q.options.find((o) => o.method === "standard")!;
    expect(std(quote).daysMin).toBe(std(quoteStock).daysMin + 6);
    expect(std(quote).daysMax).toBe(std(quoteStock).daysMax + 6);
    expect(std(quote).from > std(quoteStock).from).toBe(true);

    const placedStock = await place([productLine(inStock.id)]);
    const placed = await place([productLine(p.id, { quantity: 2 })]);
    const { order, items } = await regularOrderOf(placed.checkoutId);
    const fromStock = (await regularOrderOf(placedStock.checkoutId)).order;
    expect(items.map((i) => [i.quantity, i.madeToOrder])).toEqual([[2, 2]]);
    expect(order.deliveryDaysMin).toBe(fromStock.deliveryDaysMin! + 6);
    expect(order.deliveryDaysMax).toBe(fromStock.deliveryDaysMax! + 6);
    expect(await stockOf(p.id)).toBe(0);

    // Cancelled: nothing goes back to stock (nothing was taken), exactly once.
    await db().transaction((tx) => returnStock(tx, order));
    expect(await stockOf(p.id)).toBe(0);
  });

  it("made to order with some stock takes what is there; only that comes back when the hold expires", async () => {
    const p = await makeProduct({ stockQuantity: 1, whenSoldOut: "made-to-order", madeToOrderDays: 4 });
    const placed = await place(
      [productLine(p.id, { quantity: 2 }, { size: "S" }), productLine(p.id, { quantity: 1 })],
      "razorpay",
    );
    expect(await stockOf(p.id)).toBe(0);
    const { items } = await regularOrderOf(placed.checkoutId);
    // Three units, one from stock: the first lines are marked made to order first.
    expect(items.reduce((n, i) => n + i.madeToOrder, 0)).toBe(2);
    expect(items.every((i) => i.madeToOrder <= i.quantity)).toBe(true);

    await db()
      .update(checkouts)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(checkouts.id, placed.checkoutId));
    expect(await releaseExpiredHolds()).toBe(1);
    expect(await stockOf(p.id)).toBe(1);
  });

  it("a product in stock is taken from stock as before (nothing made to order)", async () => {
    const p = await makeProduct({ stockQuantity: 3, whenSoldOut: "made-to-order", madeToOrderDays: 9 });
    const placed = await place([productLine(p.id, { quantity: 3 })]);
    const { items } = await regularOrderOf(placed.checkoutId);
    expect(items.map((i) => i.madeToOrder)).toEqual([0]);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("the database refuses a made-to-order count above the line's quantity and a days count out of range", async () => {
    const p = await makeProduct();
    await expect(
      db().execute(sql`update products set made_to_order_days = 0 where id = ${p.id}`),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`update products set when_sold_out = 'maybe' where id = ${p.id}`),
    ).rejects.toThrow();
  });
});
