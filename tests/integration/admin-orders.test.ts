import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderFilters } from "~/features/orders/order-filters";
import {
  ORDER_STATUS_IDS,
  PAYMENT_STATUS_IDS,
  displayCustomOrderId,
  displayOrderId,
  type OrderStatus,
  type PaymentStatus,
} from "~/features/order-lifecycle/order-status";
import { checkStatusMove } from "~/features/order-workflow/order-workflow";
import { changeOrderStatus, changePaymentStatus } from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";
import { exportOrdersCsv } from "~/features/orders/admin-order-csv.server";
import { getCustomOrderDetails, getOrderDetails } from "~/features/orders/admin-order-details.server";
import { listCustomOrders, listOrders } from "~/features/orders/admin-order-list.server";
import { db } from "~/platform/db/client.server";
import { categories, products } from "~/features/catalog/tables.server";
import { orderStatusHistory, orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { adminSession } from "../support/admin-session";
import { stockOf } from "../support/checkout-fixtures";
import { insertCustomOrder as insertCustom, insertOrder as insertAnyOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";
import { parseCsv } from "../support/csv-rows";

const testDb = setupTestDatabase();

let actor: Actor;
let productA: string;
let productB: string;

const FIRST = ["Priya", "Rahul", "Ananya", "Vikram", "Sneha", "Arjun", "Kavya", "Rohan", "Isha", "Aditya"];
const LAST = ["Sharma", "Verma", "Iyer", "Reddy", "Khan", "Singh", "Nair", "Patel", "Gupta", "Das"];
const STATUSES: OrderStatus[] = [
  "pending",
  "confirmed",
  "in_production",
  "dispatched",
  "delivered",
  "cancelled",
];

type Generated = {
  id: string;
  name: string;
  email: string;
  phone: string;
  status: OrderStatus;
  method: "cod" | "razorpay";
  payment: PaymentStatus;
  createdAt: Date;
};
const generated: Generated[] = [];
const N = 320;
/** A fixed "now" so date filters are exact: 2025-08-31 12:00 IST. */
const BASE = new Date("2025-08-31T06:30:00Z");

async function newProduct(name: string, stock: number) {
  const [c] = await db().select().from(categories).limit(1);
  const [p] = await db()
    .insert(products)
    .values({ name, categoryId: c!.id, mediumPrice: 1499, mediumMrp: 1999, stockQuantity: stock })
    .returning();
  return p!;
}

const address = { address1: "12, MG Road", city: "Bareilly", state: "uttar-pradesh", pincode: "243001" };

/** A COD order of one Good Vibes sign (₹1,499) with ₹299 delivery, unless told otherwise. */
const insertOrder = (
  values: Partial<typeof orders.$inferInsert> = {},
  lines: { productId: string; quantity: number; name?: string }[] = [{ productId: productA, quantity: 1 }],
) => insertAnyOrder({ deliveryFee: 299, ...values }, lines);

beforeAll(async () => {
  actor = (await adminSession("staff@example.com")).actor;
  await db().insert(categories).values({ name: "Quotes" });
  productA = (await newProduct("Good Vibes Neon", 100)).id;
  productB = (await newProduct("Love Neon", 100)).id;

  // A few hundred generated orders, spread over 64 days, every status, method and payment status.
  const rows: (typeof orders.$inferInsert)[] = [];
  for (let i = 0; i < N; i++) {
    const name = `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]}`;
    const method = i % 3 === 0 ? "razorpay" : "cod";
    const g: Generated = {
      id: crypto.randomUUID(),
      name,
      email: `${name.toLowerCase().replace(" ", ".")}${i}@example.com`,
      phone: `+9198${String(10_000_000 + i * 7919).slice(-8)}`,
      status: STATUSES[i % 6]!,
      method,
      payment: method === "razorpay" ? "paid" : PAYMENT_STATUS_IDS[i % 4]!,
      createdAt: new Date(BASE.getTime() - i * 4.8 * 3600_000),
    };
    generated.push(g);
    rows.push({
      id: g.id,
      customerName: g.name,
      customerEmail: g.email,
      customerPhone: g.phone,
      shippingAddress: address,
      subtotal: 1499,
      deliveryFee: 299,
      totalAmount: 1798,
      paymentMethod: g.method,
      paymentStatus: g.payment,
      status: g.status,
      createdAt: g.createdAt,
    });
  }
  await db().insert(orders).values(rows);
  await db()
    .insert(orderItems)
    .values(
      generated.map((g) => ({
        orderId: g.id,
        productId: productB,
        productName: "Love Neon",
        quantity: 1,
        price: 1499,
        productConfig: {
          size: "M" as const,
          color: "Pink",
          brightnessController: false,
          productType: "Standard",
          originalProductId: productB,
        },
      })),
    );
});

const f = (x: Partial<OrderFilters> = {}): OrderFilters => ({ page: 1, ...x });
/** The generated orders a filter should find, newest first (the other tests add orders outside BASE's window). */
const expected = (pred: (g: Generated) => boolean) =>
  generated
    .filter(pred)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((g) => g.id);
const within = { from: "2025-05-01", to: "2025-08-31" };
const inWindow = (g: Generated) => g.createdAt >= new Date("2025-04-30T18:30:00Z");

async function allIds(filters: Partial<OrderFilters>) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const r = await listOrders(f({ ...filters, page }));
    expect(r.rows.length).toBeLessThanOrEqual(50);
    ids.push(...r.rows.map((x) => x.id));
    if (page >= r.pageCount) {
      expect(ids.length).toBe(r.total);
      return ids;
    }
  }
}

describe("finding orders", () => {
  it("pages of 50, newest first, with the total", async () => {
    const first = await listOrders(f(within));
    const want = expected(inWindow);
    expect(first.total).toBe(want.length);
    expect(first.pageCount).toBe(Math.ceil(want.length / 50));
    expect(first.rows).toHaveLength(50);
    expect(await allIds(within)).toEqual(want);
    const r = first.rows[0]!;
    expect(r.displayId).toBe(displayOrderId(r.id));
    expect(r.paymentLabel).toMatch(/^(COD|Online Payment)$/);
  });

  it("searches by name words, in any case, as word prefixes", async () => {
    expect(await allIds({ ...within, q: "sharma" })).toEqual(
      expected((g) => inWindow(g) && g.name.includes("Sharma")),
    );
    expect(await allIds({ ...within, q: "PRI SHAR" })).toEqual(
      expected((g) => inWindow(g) && g.name === "Priya Sharma"),
    );
    expect(await allIds({ ...within, q: "Zed" })).toEqual([]);
  });

  it("searches by phone: whole number with +91 or spaces, its start or its end", async () => {
    const g = generated[123]!;
    const ten = g.phone.slice(3);
    expect(await allIds({ q: `+91 ${ten.slice(0, 5)} ${ten.slice(5)}` })).toEqual([g.id]);
    expect(await allIds({ q: `0${ten}` })).toEqual([g.id]);
    expect(await allIds({ ...within, q: ten.slice(-5) })).toEqual(
      expected((x) => inWindow(x) && x.phone.endsWith(ten.slice(-5))),
    );
    expect(await allIds({ ...within, q: ten.slice(0, 6) })).toEqual(
      expected(
        (x) =>
          inWindow(x) && (x.phone.startsWith(`+91${ten.slice(0, 6)}`) || x.phone.endsWith(ten.slice(0, 6))),
      ),
    );
  });

  it("searches by e-mail prefix and by order id (display id, uuid, prefix)", async () => {
    const g = generated[77]!;
    expect(await allIds({ q: g.email.toUpperCase() })).toEqual([g.id]);
    expect(await allIds({ q: displayOrderId(g.id) })).toEqual(
      expected((x) => x.id.startsWith(g.id.slice(0, 8))),
    );
    expect(await allIds({ q: displayOrderId(g.id).toLowerCase() })).toContain(g.id);
    expect(await allIds({ q: g.id })).toEqual([g.id]);
  });

  it("treats LIKE wildcards and tsquery syntax as plain text", async () => {
    expect(await allIds({ q: "%" })).toEqual([]);
    expect(await allIds({ q: "_" })).toEqual([]);
    expect(await allIds({ q: "priya & !sharma | (" })).toEqual(expected((x) => x.name === "Priya Sharma"));
    expect(await allIds({ q: "'; drop table orders; --" })).toEqual([]);
  });

  it("filters by status, payment method, payment status and dates (days in India)", async () => {
    expect(await allIds({ ...within, status: "dispatched" })).toEqual(
      expected((g) => inWindow(g) && g.status === "dispatched"),
    );
    expect(await allIds({ ...within, method: "razorpay" })).toEqual(
      expected((g) => inWindow(g) && g.method === "razorpay"),
    );
    expect(await allIds({ ...within, payment: "failed", method: "cod" })).toEqual(
      expected((g) => inWindow(g) && g.payment === "failed" && g.method === "cod"),
    );
    // 2025-08-20 in India runs from 2025-08-19T18:30Z to 2025-08-20T18:30Z.
    const lo = new Date("2025-08-19T18:30:00Z");
    const hi = new Date("2025-08-20T18:30:00Z");
    const day = expected((g) => g.createdAt >= lo && g.createdAt < hi);
    expect(day.length).toBeGreaterThan(2);
    expect(await allIds({ from: "2025-08-20", to: "2025-08-20" })).toEqual(day);
    expect(await allIds({ ...within, q: "verma", status: "pending", from: "2025-07-01" })).toEqual(
      expected(
        (g) =>
          g.name.endsWith("Verma") &&
          g.status === "pending" &&
          g.createdAt >= new Date("2025-06-30T18:30:00Z"),
      ),
    );
  });

  it("answers a page past the end with the last page", async () => {
    const r = await listOrders(f({ ...within, page: 999 }));
    expect(r.page).toBe(r.pageCount);
    expect(r.rows.length).toBeGreaterThan(0);
  });

  it("uses the search indexes (no sequential scan) for phone, e-mail, name and id", async () => {
    await db().execute(sql`analyze orders`);
    await db().execute(sql`set enable_seqscan = off`);
    try {
      for (const [label, cond] of [
        ["phone", sql`customer_phone like '+9198765%'`],
        ["phone end", sql`reverse(customer_phone) like '54321%'`],
        ["email", sql`lower(customer_email) like 'priya%'`],
        ["name", sql`to_tsvector('simple', customer_name) @@ to_tsquery('simple', 'sharma:*')`],
      ] as const) {
        const plan = await db().execute<{ "QUERY PLAN": string }>(
          sql`explain select id from orders where ${cond}`,
        );
        const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(text, label).toMatch(/Index|Bitmap/);
        expect(text, label).not.toMatch(/Seq Scan/);
      }
    } finally {
      await db().execute(sql`set enable_seqscan = on`);
    }
  });
});

describe("status workflow", () => {
  it("allows exactly the workflow's moves, with a history row for each", async () => {
    for (const from of ORDER_STATUS_IDS) {
      for (const to of ORDER_STATUS_IDS) {
        const o = await insertOrder({ status: from, paymentStatus: "pending", paymentMethod: "cod" });
        const allowed = checkStatusMove(
          { status: from, paymentStatus: "pending", paymentMethod: "cod" },
          { to, courier: "c", trackingNumber: "t" },
        ).ok;
        const r = await changeOrderStatus(
          {
            intent: "status",
            kind: "order",
            id: o.id,
            to,
            courier: "Delhivery",
            trackingNumber: "DLV123",
            note: "by test",
          },
          actor,
        );
        const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
        const history = await db()
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, o.id));
        expect(r.ok, `${from} → ${to}`).toBe(allowed);
        expect(row!.status).toBe(allowed ? to : from);
        // A COD order delivered also records its cash collected (issue 42): a payment row beside the status row.
        const rows = allowed ? (to === "delivered" ? 2 : 1) : 0;
        expect(history, `${from} → ${to}`).toHaveLength(rows);
        if (!r.ok) expect(r.httpStatus).toBe(409);
      }
    }
    // The allowed list, spelled out, so a change of the rules shows here too.
    const allowedPairs: string[] = [];
    for (const from of ORDER_STATUS_IDS)
      for (const to of ORDER_STATUS_IDS)
        if (
          checkStatusMove(
            { status: from, paymentStatus: "paid", paymentMethod: "cod" },
            { to, courier: "c", trackingNumber: "t" },
          ).ok
        )
          allowedPairs.push(`${from}>${to}`);
    expect(allowedPairs).toEqual([
      "pending>confirmed",
      "pending>cancelled",
      "confirmed>in_production",
      "confirmed>cancelled",
      "in_production>dispatched",
      "in_production>cancelled",
      "dispatched>delivered",
    ]);
  });

  it("walks a COD order to delivered: courier and tracking stored, who/when/from/to/note recorded, paid on delivery", async () => {
    const o = await insertOrder();
    const step = (to: OrderStatus, extra: Record<string, unknown> = {}) =>
      changeOrderStatus(
        {
          intent: "status",
          kind: "order",
          id: o.id,
          to,
          note: undefined,
          courier: undefined,
          trackingNumber: undefined,
          ...extra,
        },
        actor,
      );
    expect((await step("confirmed")).ok).toBe(true);
    expect((await step("in_production")).ok).toBe(true);
    expect(await step("dispatched", { courier: "Blue Dart" })).toMatchObject({
      ok: false,
      field: "trackingNumber",
    });
    expect((await step("dispatched", { courier: "Blue Dart", trackingNumber: "BD12345" })).ok).toBe(true);
    // Cash on delivery is collected with the delivery (issue 42): nothing to tick.
    expect(await step("delivered", { note: "Left with the guard" })).toMatchObject({
      ok: true,
      paymentStatus: "paid",
    });
    const d = await getOrderDetails(o.id);
    expect(d).toMatchObject({
      status: "delivered",
      paymentStatus: "paid",
      courier: "Blue Dart",
      trackingNumber: "BD12345",
    });
    expect(d!.history.map((h) => `${h.field}:${h.fromValue}>${h.toValue}`)).toEqual([
      "status:pending>confirmed",
      "status:confirmed>in_production",
      "status:in_production>dispatched",
      "status:dispatched>delivered",
      "payment_status:pending>paid",
    ]);
    expect(d!.history.every((h) => h.changedByEmail === "staff@example.com")).toBe(true);
    expect(d!.history[2]!.note).toBe("Courier: Blue Dart, tracking number: BD12345");
    expect(d!.history[3]!.note).toBe("Left with the guard");
    expect(d!.items[0]!.configuration).toEqual([
      { label: "Size", value: "Medium (1ft x 1ft)" },
      { label: "Colour", value: "Blue" },
      { label: "Brightness controller", value: "No" },
      { label: "Type", value: "Standard" },
    ]);
  });

  it("refuses a move when the order changed since the dialog opened, and a missing order", async () => {
    const o = await insertOrder({ status: "confirmed" });
    const r = await changeOrderStatus(
      { intent: "status", kind: "order", id: o.id, to: "cancelled", expected: "pending" },
      actor,
    );
    expect(r).toMatchObject({ ok: false, httpStatus: 409 });
    const missing = await changeOrderStatus(
      { intent: "status", kind: "order", id: crypto.randomUUID(), to: "confirmed" },
      actor,
    );
    expect(missing).toMatchObject({ ok: false, httpStatus: 404 });
  });

  it("refuses to confirm an unpaid online order", async () => {
    const o = await insertOrder({ paymentMethod: "razorpay", paymentStatus: "pending" });
    expect(
      await changeOrderStatus({ intent: "status", kind: "order", id: o.id, to: "confirmed" }, actor),
    ).toMatchObject({
      ok: false,
      message: "An online order can be confirmed only after it is paid.",
    });
  });
});

describe("payment status", () => {
  it("never sets a paid online order back to pending; refunds it", async () => {
    const o = await insertOrder({ paymentMethod: "razorpay", paymentStatus: "paid", status: "confirmed" });
    expect(
      await changePaymentStatus({ intent: "payment", kind: "order", id: o.id, to: "pending" }, actor),
    ).toMatchObject({
      ok: false,
      message: "A paid online order cannot go back to pending.",
    });
    expect(
      (
        await changePaymentStatus(
          { intent: "payment", kind: "order", id: o.id, to: "refunded", note: "Customer asked" },
          actor,
        )
      ).ok,
    ).toBe(true);
    expect(
      (await changePaymentStatus({ intent: "payment", kind: "order", id: o.id, to: "paid" }, actor)).ok,
    ).toBe(false);
    const h = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(h.map((x) => [x.field, x.fromValue, x.toValue, x.note, x.changedBy])).toEqual([
      ["payment_status", "paid", "refunded", "Customer asked", actor.id],
    ]);
  });

  it("marks a COD order paid once delivered, not before", async () => {
    const o = await insertOrder({ status: "confirmed" });
    expect(
      (await changePaymentStatus({ intent: "payment", kind: "order", id: o.id, to: "paid" }, actor)).ok,
    ).toBe(false);
    await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, o.id));
    expect(
      (await changePaymentStatus({ intent: "payment", kind: "order", id: o.id, to: "paid" }, actor)).ok,
    ).toBe(true);
  });
});

describe("cancelling returns stock exactly once", () => {
  it("puts the ordered quantities back once, even with two cancels at the same time", async () => {
    const p = await newProduct("Stock Test Neon", 10);
    const q = await newProduct("Other Stock Neon", 3);
    const o = await insertOrder({ status: "confirmed" }, [
      { productId: p.id, quantity: 2 },
      { productId: q.id, quantity: 1 },
      { productId: p.id, quantity: 1 },
    ]);
    const cancel = () =>
      changeOrderStatus({ intent: "status", kind: "order", id: o.id, to: "cancelled" }, actor);
    const results = await Promise.all([cancel(), cancel(), cancel()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => r.ok)).toMatchObject({ stockReturned: true });
    expect(await stockOf(p.id)).toBe(13);
    expect(await stockOf(q.id)).toBe(4);
    expect(await cancel()).toMatchObject({ ok: false, message: "The order is already Cancelled." });
    expect(await stockOf(p.id)).toBe(13);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(row!.stockReleasedAt).not.toBeNull();
  });

  it("does not return stock a second time for an order whose stock was already released", async () => {
    const p = await newProduct("Released Neon", 5);
    const o = await insertOrder({ status: "pending", stockReleasedAt: new Date() }, [
      { productId: p.id, quantity: 2 },
    ]);
    const r = await changeOrderStatus({ intent: "status", kind: "order", id: o.id, to: "cancelled" }, actor);
    expect(r).toMatchObject({ ok: true, stockReturned: false });
    expect(await stockOf(p.id)).toBe(5);
  });

  it("skips lines whose product was deleted", async () => {
    const p = await newProduct("Doomed Neon", 5);
    const keep = await newProduct("Kept Neon", 5);
    const o = await insertOrder({}, [
      { productId: p.id, quantity: 1 },
      { productId: keep.id, quantity: 2 },
    ]);
    await db().delete(products).where(eq(products.id, p.id));
    expect(
      (await changeOrderStatus({ intent: "status", kind: "order", id: o.id, to: "cancelled" }, actor)).ok,
    ).toBe(true);
    expect(await stockOf(keep.id)).toBe(7);
  });
});

describe("custom neon orders", () => {
  it("shows the stored design picture's largest variant up to 640 px, or none", async () => {
    const dir = path.join(testDb.dataDir, "uploads", "previewkey1");
    fs.mkdirSync(dir, { recursive: true });
    for (const w of [160, 320, 960]) fs.writeFileSync(path.join(dir, `${w}.webp`), "x");
    const c = await insertCustom({ previewImageKey: "previewkey1" });
    expect((await getCustomOrderDetails(c.id))!.previewImageUrl).toBe("/uploads/previewkey1/320.webp");
    const gone = await insertCustom({ previewImageKey: "missingkey" });
    expect((await getCustomOrderDetails(gone.id))!.previewImageUrl).toBeNull();
  });

  it("gives staff the stored 'can we make it?' warnings, or null (issue 18)", async () => {
    const warned = await insertCustom({ makeWarnings: "The letters would be about 3.1 cm high.\nSecond." });
    expect((await getCustomOrderDetails(warned.id))!.makeWarnings).toBe(
      "The letters would be about 3.1 cm high.\nSecond.",
    );
    const clean = await insertCustom({});
    expect((await getCustomOrderDetails(clean.id))!.makeWarnings).toBeNull();
  });

  it("lists, finds by phone, walks the workflow and keeps the design", async () => {
    const c = await insertCustom({
      customerPhone: "+919876501234",
      customText: "Chai & Chill",
      neonColor: "blue",
      hasDimmer: true,
      dimmerPrice: 499,
    });
    const list = await listCustomOrders(f({ q: "98765 01234" }));
    expect(list.rows.map((r) => r.id)).toEqual([c.id]);
    expect(list.rows[0]!.displayId).toBe(displayCustomOrderId(c.id));
    expect((await listCustomOrders(f({ q: displayCustomOrderId(c.id) }))).rows.map((r) => r.id)).toContain(
      c.id,
    );
    const r = await changeOrderStatus(
      {
        intent: "status",
        kind: "custom",
        id: c.id,
        to: "confirmed",
        note: "Called the customer",
      },
      actor,
    );
    expect(r.ok).toBe(true);
    const d = await getCustomOrderDetails(c.id);
    expect(d).toMatchObject({
      status: "confirmed",
      customText: "Chai & Chill",
      neonColor: "blue",
      hasDimmer: true,
      dimmerPrice: 499,
    });
    expect(d!.history).toHaveLength(1);
    expect(
      (await changeOrderStatus({ intent: "status", kind: "custom", id: c.id, to: "cancelled" }, actor)).ok,
    ).toBe(true);
  });
});

async function csvOf(kind: "order" | "custom", filters: Partial<OrderFilters>) {
  let text = "";
  for await (const chunk of exportOrdersCsv(kind, f(filters))) text += chunk;
  expect(text.startsWith("\ufeff")).toBe(true);
  return parseCsv(text.slice(1));
}

describe("CSV export", () => {
  it("writes one row per order line of the filtered orders, values that can never run as formulas", async () => {
    const o = await insertOrder(
      {
        customerName: '=HYPERLINK("http://evil.example","Click")',
        customerEmail: "@evil@example.com",
        customerPhone: "+919812300000",
        status: "confirmed",
      },
      [
        { productId: productA, quantity: 2, name: 'Sign, "Deluxe"\nEdition' },
        { productId: productB, quantity: 1, name: "-2+3" },
      ],
    );
    const rows = await csvOf("order", { q: "9812300000" });
    const [header, ...body] = rows;
    expect(header).toContain("Tracking Number");
    expect(body).toHaveLength(2);
    const col = (name: string) => header!.indexOf(name);
    expect(body.map((r) => r[col("Order ID")])).toEqual([displayOrderId(o.id), displayOrderId(o.id)]);
    expect(body[0]![col("Customer")]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(body[0]![col("Email")]).toBe("'@evil@example.com");
    expect(body[0]![col("Phone")]).toBe("'+919812300000");
    const lines = body.map((r) => [
      r[col("Product")],
      r[col("Quantity")],
      r[col("Unit Price")],
      r[col("Line Total")],
    ]);
    expect(lines.sort()).toEqual([
      ["'-2+3", "1", "1499", "1499"],
      ['Sign, "Deluxe"\nEdition', "2", "1499", "2998"],
    ]);
    expect(body[0]![col("Status")]).toBe("Confirmed");
    expect(body[0]![col("Payment")]).toBe("COD");
    // No cell, once read back, starts with a formula character.
    for (const r of body) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("exports every order the filters find, across batches", async () => {
    const rows = await csvOf("order", { ...within, method: "cod" });
    const want = expected((g) => inWindow(g) && g.method === "cod");
    const ids = rows.slice(1).map((r) => r[1]);
    expect(ids).toEqual(want);
  });

  it("exports custom orders with their design", async () => {
    await insertCustom({
      customerPhone: "+919812399999",
      customText: '+Party, "Time"',
      neonColor: "purple",
      size: "L",
      backingShape: "rectangle",
    });
    const rows = await csvOf("custom", { q: "9812399999" });
    const [header, row] = rows;
    const col = (name: string) => header!.indexOf(name);
    expect(rows).toHaveLength(2);
    expect(row![col("Text")]).toBe('\'+Party, "Time"');
    expect(row![col("Colour")]).toBe("Neon Purple");
    expect(row![col("Size")]).toBe("Large (70cm)");
    expect(row![col("Backing")]).toBe("Rectangle");
  });
});
