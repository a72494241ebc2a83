import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { makeCategory, makeProduct, newShopper, productLine, stockOf } from "../support/checkout-fixtures";
import { postCheckout } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

// Issue 41: many shoppers checking out the same product at the same moment, through the real route. Each
// answer is 201 (placed) or 409 (out of stock), never a server error, and the stock never goes below 0.
setupTestDatabase({ PAYMENT_MODE: "test" });
afterAll(() => runQueuedJobs());

let categoryId = "";
beforeAll(async () => {
  categoryId = await makeCategory();
});

let ip = 0;
/** One shopper's checkout from their own network; a thrown error is what the server would answer as 500. */
async function checkout(productId: string, method: "cod" | "razorpay") {
  ip++;
  try {
    return await postCheckout([productLine(productId)], {
      ip: `2001:db8:${ip.toString(16)}::1`,
      shopper: newShopper(),
      method,
    });
  } catch (err) {
    return { status: 500, body: { message: String(err) } };
  }
}

const race = (productId: string, n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => checkout(productId, i % 2 ? "razorpay" : "cod")));

const statuses = (rs: { status: number }[]) =>
  rs.map((r) => r.status).reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

describe("concurrent checkouts of one product", () => {
  it("12 shoppers, 1 in stock: one order, eleven 'out of stock', no server error", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 1 });
    const rs = await race(p.id, 12);
    expect(statuses(rs)).toEqual({ 201: 1, 409: 11 });
    for (const r of rs.filter((x) => x.status === 409))
      expect(String(r.body.message)).toMatch(/out of stock|Only \d+ left/);
    expect(await stockOf(p.id)).toBe(0);
  });

  it("12 shoppers, 5 in stock: five orders, the rest refused, stock exactly 0", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 5 });
    const rs = await race(p.id, 12);
    expect(statuses(rs)).toEqual({ 201: 5, 409: 7 });
    expect(await stockOf(p.id)).toBe(0);
  });

  it("12 shoppers, 20 in stock: all placed, 8 left", async () => {
    const p = await makeProduct(categoryId, { stockQuantity: 20 });
    const rs = await race(p.id, 12);
    expect(statuses(rs)).toEqual({ 201: 12 });
    expect(await stockOf(p.id)).toBe(8);
  });
});
