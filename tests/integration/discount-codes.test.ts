import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInIndia } from "~/shared/ist-dates";
import { unknownCodeMessage } from "~/features/discount-codes/discounts";
import {
  action as codesAction,
  loader as codesLoader,
} from "~/features/discount-codes/routes/admin-discount-codes";
import { releaseExpiredHolds } from "~/features/payments/holds.server";
import { db } from "~/platform/db/client.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { discountCodes, discountRedemptions } from "~/features/discount-codes/tables.server";
import { runQueuedJobs } from "~/wiring/jobs.server";
import { adminSession, ORIGIN, shopRequest, type AdminSession } from "../support/admin-session";
import { customLine, makeCategory, makeProduct, newShopper, productLine } from "../support/checkout-fixtures";
import { NO_ORDER_LIMITS, postCheckout, postQuote } from "../support/orders";
import { emlText, outbox } from "../support/outbox";
import { callRoute, outcome } from "../support/route-calls";
import { countRows, setupTestDatabase } from "../support/test-db";

// Discount codes: priced only by the server, at quote and again inside the order's transaction (the
// code's row locked), so a code limited to N uses is used exactly N times however many checkouts race.

const t = setupTestDatabase({ PUBLIC_URL: ORIGIN, PAYMENT_MODE: "test", ...NO_ORDER_LIMITS });
afterAll(() => runQueuedJobs());

let categoryId = "";
let owner: AdminSession;
beforeAll(async () => {
  categoryId = await makeCategory();
  owner = await adminSession("codes-admin@neonlights.in");
});

/** The one answer for an unknown, used-up or already-used code (a stranger cannot tell them apart). */
const unusable = (code: string) => unknownCodeMessage(code);

type Answer = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
/** The discount codes page's action, as the admin (or, `withSession` false, as nobody). */
async function admin(fields: Record<string, string>, withSession = true) {
  const request = (withSession ? owner.request : shopRequest)("/admin/discount-codes", { form: fields });
  const r = await outcome(callRoute(codesAction, request));
  return { status: r.status, data: r.body as Answer };
}

async function createCode(fields: Record<string, string>) {
  const r = await admin({ intent: "create", kind: "percent", appliesTo: "all", isActive: "on", ...fields });
  expect(r.status, JSON.stringify(r.data)).toBe(200);
  const [row] = await db()
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, fields.code!.toUpperCase()));
  return row!;
}

const redemptionsOf = async (codeId: string) =>
  (await db().select().from(discountRedemptions).where(eq(discountRedemptions.codeId, codeId))).length;

describe("the admin's codes", () => {
  it("refuses without an admin session, writing nothing", async () => {
    const r = await admin(
      { intent: "create", code: "SNEAKY", kind: "percent", value: "90", appliesTo: "all" },
      false,
    );
    expect(r.status).toBe(401);
    expect(await db().select().from(discountCodes)).toHaveLength(0);
  });

  it("creates, refuses a duplicate (any case) and bad values with field messages", async () => {
    await createCode({ code: "welcome10", value: "10" });
    const dup = await admin({
      intent: "create",
      code: "Welcome10",
      kind: "fixed",
      value: "100",
      appliesTo: "all",
    });
    expect(dup).toMatchObject({
      status: 400,
      data: { fieldErrors: { code: "A code with this name already exists" } },
    });
    const bad = await admin({
      intent: "create",
      code: "OVER",
      kind: "percent",
      value: "150",
      appliesTo: "all",
      startsOn: "2025-09-10",
      endsOn: "2025-09-01",
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({
      value: "A percentage must be from 1 to 100",
      endsOn: "The last day must not be before the first day",
    });
    const loaded = (await callRoute(codesLoader, owner.request("/admin/discount-codes"))) as {
      codes: { code: string; uses: number }[];
    };
    expect(loaded.codes.map((c) => c.code)).toEqual(["WELCOME10"]);
  });
});

describe("at checkout", () => {
  it("takes the discount off on the server; what the body says about it is ignored; it is stored and mailed", async () => {
    await createCode({ code: "FLAT500", kind: "fixed", value: "500" });
    const p = await makeProduct(categoryId, { mediumPrice: 2499 });
    const shopper = newShopper();
    const r = await postCheckout([productLine(p.id, { price: 1 })], {
      shopper,
      form: { discountCode: " flat500 ", discount: 2499, totalAmount: 1 },
      extra: { discount: 2499 },
    });
    expect(r.status).toBe(201);
    const checkout = r.body.checkout as { checkoutId: string; charges: Record<string, unknown> };
    const [order] = await db().select().from(orders).where(eq(orders.checkoutId, checkout.checkoutId));
    // 2,499 - 500 = 1,999 of goods: below ₹5,000, so ₹299 delivery; ₹50 for cash on delivery.
    expect(order).toMatchObject({
      subtotal: 2499,
      discount: 500,
      discountCode: "FLAT500",
      deliveryFee: 299,
      codFee: 50,
      totalAmount: 2499 - 500 + 299 + 50,
    });
    expect(checkout.charges).toMatchObject({ discount: 500, discountCode: "FLAT500", totalAmount: 2348 });
    await runQueuedJobs();
    const mail = outbox(t.dataDir)
      .rawMails()
      .find((m) => m.includes(`To: ${shopper.email}`))!;
    expect(emlText(mail)).toContain("Discount (FLAT500): −₹500\nTotal: ₹2,348");
  });

  it("the free-delivery threshold counts the goods after the discount", async () => {
    await createCode({ code: "TENOFF", value: "10" });
    const p = await makeProduct(categoryId, { mediumPrice: 5200 });
    const r = await postCheckout([productLine(p.id)], {
      method: "razorpay",
      form: { discountCode: "TENOFF" },
    });
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, (r.body.checkout as { checkoutId: string }).checkoutId));
    expect(order).toMatchObject({
      subtotal: 5200,
      discount: 520,
      deliveryFee: 299,
      totalAmount: 5200 - 520 + 299,
    });
  });

  it("a code for custom signs discounts only the custom order", async () => {
    await createCode({ code: "CUSTOM15", value: "15", appliesTo: "custom" });
    const p = await makeProduct(categoryId, { mediumPrice: 2499 });
    const r = await postCheckout([productLine(p.id), customLine("GLOW")], {
      form: { discountCode: "CUSTOM15" },
    });
    const id = (r.body.checkout as { checkoutId: string }).checkoutId;
    const [order] = await db().select().from(orders).where(eq(orders.checkoutId, id));
    const [custom] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.checkoutId, id));
    expect(order).toMatchObject({ discount: 0, discountCode: null });
    expect(custom).toMatchObject({ discount: 450, discountCode: "CUSTOM15", totalAmount: 2999 - 450 });
  });

  it("answers every refusal with a clear message next to the code, at quote and at placing, writing nothing", async () => {
    const today = todayInIndia();
    await createCode({ code: "LATER", value: "10", startsOn: addDays(today, 3) });
    await createCode({ code: "OLDIE", value: "10", endsOn: addDays(today, -1) });
    await createCode({ code: "BIGSPEND", value: "10", minSubtotal: "10000" });
    const p = await makeProduct(categoryId, { mediumPrice: 2499 });
    const items = [productLine(p.id)];
    const before = await countRows(checkouts);
    const cases: [string, RegExp][] = [
      ["NOPE", /^"NOPE" is not a valid discount code/],
      ["LATER", /^The code LATER is not valid yet: it can be used from /],
      ["OLDIE", /^The code OLDIE expired on /],
      ["BIGSPEND", /^The code BIGSPEND needs an order of ₹10,000 or more: add ₹7,501 more to use it\.$/],
    ];
    for (const [code, message] of cases) {
      const q = await postQuote({ items, discountCode: code });
      expect(q.body.discountError, code).toMatch(message);
      expect(q.body).toMatchObject({ discount: null, totalAmount: 2499 + 299 });
      const r = await postCheckout(items, { form: { discountCode: code } });
      expect(r.status, code).toBe(422);
      expect((r.body.fieldErrors as Record<string, string>).discountCode, code).toMatch(message);
    }
    expect(await countRows(checkouts)).toBe(before);
  });

  it("uses per shopper are counted by phone and by email", async () => {
    const c = await createCode({ code: "ONCEEACH", value: "5", maxUsesPerShopper: "1" });
    const p = await makeProduct(categoryId, { mediumPrice: 1999, stockQuantity: 20 });
    const shopper = newShopper();
    const first = await postCheckout([productLine(p.id)], { shopper, form: { discountCode: "ONCEEACH" } });
    expect(first.status).toBe(201);
    // Same phone, new email and address; then same email, new phone.
    const samePhone = { ...newShopper(), phone: shopper.phone };
    const sameEmail = { ...newShopper(), email: shopper.email.toUpperCase() };
    for (const s of [samePhone, sameEmail]) {
      const r = await postCheckout([productLine(p.id)], { shopper: s, form: { discountCode: "ONCEEACH" } });
      expect(r.status).toBe(422);
      expect(r.body.fieldErrors).toEqual({ discountCode: unusable("ONCEEACH") });
    }
    const q = await postQuote({
      items: [productLine(p.id)],
      discountCode: "ONCEEACH",
      phone: shopper.phone,
      email: shopper.email,
    });
    expect(q.body.discountError).toBe(unusable("ONCEEACH"));
    expect(await redemptionsOf(c.id)).toBe(1);
    // The admin cannot delete a used code: it is kept for the orders' history.
    const del = await admin({ intent: "delete", id: c.id });
    expect(del.status).toBe(409);
  });

  it("a cancelled (expired unpaid) order gives its use back", async () => {
    const c = await createCode({ code: "JUSTONE", value: "10", maxUses: "1" });
    const p = await makeProduct(categoryId, { mediumPrice: 1999 });
    const r = await postCheckout([productLine(p.id)], {
      method: "razorpay",
      form: { discountCode: "JUSTONE" },
    });
    expect(r.status).toBe(201);
    const refused = await postCheckout([productLine(p.id)], { form: { discountCode: "JUSTONE" } });
    expect(refused.body.fieldErrors).toEqual({ discountCode: unusable("JUSTONE") });
    await db()
      .update(checkouts)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(checkouts.id, (r.body.checkout as { checkoutId: string }).checkoutId));
    expect(await releaseExpiredHolds()).toBe(1);
    const again = await postCheckout([productLine(p.id)], { form: { discountCode: "JUSTONE" } });
    expect(again.status).toBe(201);
    expect(await redemptionsOf(c.id)).toBe(2);
  });
});

describe("racing for a limited code", () => {
  it("50 concurrent checkouts for a code limited to 10 uses: exactly 10 get it", async () => {
    const c = await createCode({ code: "TENONLY", kind: "fixed", value: "100", maxUses: "10" });
    const p = await makeProduct(categoryId, { mediumPrice: 1999, stockQuantity: 500 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        postCheckout([productLine(p.id)], { form: { discountCode: "TENONLY" } }),
      ),
    );
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 422);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.body.fieldErrors).toEqual({ discountCode: unusable("TENONLY") });
    expect(await redemptionsOf(c.id)).toBe(10);
    const discounted = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.discountCode, "TENONLY"));
    expect(discounted[0]!.n).toBe(10);
  });
});
