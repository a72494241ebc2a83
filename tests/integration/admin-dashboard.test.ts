import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  PAYMENT_METHOD_IDS,
  ORDER_STATUS_IDS,
  PAYMENT_STATUS_IDS,
} from "~/features/order-lifecycle/order-status";
import { gstinCheckCharacter } from "~/shared/gstin";
import { countsAsOrder, revenueOf } from "~/features/dashboard/sales-figures";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";
import {
  dailyFigures,
  dashboardData,
  dashboardStats,
  lowStockProducts,
  topProducts,
} from "~/features/dashboard/routes/admin-dashboard.server";
import { exportOrdersCsv } from "~/features/orders/admin-order-csv.server";
import { listCustomOrders, listOrders } from "~/features/orders/admin-order-list.server";
import { db } from "~/platform/db/client.server";
import { categories, products } from "~/features/catalog/tables.server";
import { orderStatusHistory, customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { refunds } from "~/features/after-sale/tables.server";
import { statusEmailFor } from "~/features/order-lifecycle/order-status-emails.server";
import { emailText } from "~/shared/email-content";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { adminSession } from "../support/admin-session";
import { stockOf } from "../support/checkout-fixtures";
import { insertCustomOrder, insertOrder as insertAnyOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase();

let actor: Actor;
let categoryId: string;
const address = { address1: "12, MG Road", city: "Pune", state: "maharashtra", pincode: "411001" };

async function newProduct(name: string, stock: number, isActive = true) {
  const [p] = await db()
    .insert(products)
    .values({ name, categoryId, mediumPrice: 1000, mediumMrp: 1500, stockQuantity: stock, isActive })
    .returning();
  return p!;
}

/** An order to Pune at ₹1,000 a sign, no delivery fee (₹1,000 without lines). */
const insertOrder = (
  values: Partial<typeof orders.$inferInsert>,
  lines: { productId: string; quantity: number; name?: string }[] = [],
) =>
  insertAnyOrder(
    { customerName: "Asha", customerEmail: "asha@example.com", shippingAddress: address, ...values },
    lines.map((l) => ({ ...l, price: 1000, name: l.name ?? "Neon" })),
  );

/** A ₹3,000 custom sign for Ravi in Pune. */
const insertCustom = (values: Partial<typeof customNeonOrders.$inferInsert>) =>
  insertCustomOrder({
    customerName: "Ravi",
    customerEmail: "ravi@example.com",
    shippingAddress: address,
    deliveryFee: 0,
    totalAmount: 3000,
    basePrice: 3000,
    ...values,
  });

beforeAll(async () => {
  actor = (await adminSession("owner@example.com")).actor;
  const [c] = await db().insert(categories).values({ name: "Quotes" }).returning();
  categoryId = c!.id;
});

describe("dashboard figures per IST day", () => {
  it("takes processed refunds (partial ones too) off the revenue, but not pending or failed ones", async () => {
    const o = await insertOrder({
      createdAt: new Date("2031-07-01T06:00:00Z"),
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      status: "delivered",
    });
    for (const [amount, status] of [
      [300, "processed"],
      [100, "pending"],
      [200, "failed"],
    ] as const)
      await db()
        .insert(refunds)
        .values({ orderId: o.id, amount, status, method: "razorpay", reason: "test" });
    const [day] = await dailyFigures("2031-07-01", "2031-07-01", false);
    expect(day!.revenue).toBe(700);
    expect(
      revenueOf({
        paymentMethod: "razorpay",
        paymentStatus: "paid",
        status: "delivered",
        totalAmount: 1000,
        refunded: 300,
      }),
    ).toBe(700);
  });

  it("puts an order in the Indian day it was placed: 23:59 IST and 00:00 IST are different days", async () => {
    // 2031-03-10 23:59:59 IST and 2031-03-11 00:00:00 IST.
    await insertOrder({ createdAt: new Date("2031-03-10T18:29:59Z"), status: "confirmed" });
    await insertOrder({ createdAt: new Date("2031-03-10T18:30:00Z"), status: "confirmed" });
    await insertOrder({ createdAt: new Date("2031-03-09T18:29:59Z"), status: "confirmed" }); // the 9th
    const days = await dailyFigures("2031-03-10", "2031-03-12", false);
    expect(days.map((d) => [d.day, d.orders])).toEqual([
      ["2031-03-10", 1],
      ["2031-03-11", 1],
      ["2031-03-12", 0],
    ]);
  });

  it("leaves out abandoned online attempts and test orders (unless asked), counts RTO, and its revenue is the domain's", async () => {
    // Every method × payment status × order status once, each with its own amount, on 2031-05-01 IST,
    // and the same again as test-gateway orders.
    const at = new Date("2031-05-01T06:00:00Z");
    const all: {
      paymentMethod: string;
      paymentStatus: string;
      status: string;
      totalAmount: number;
      isTest: boolean;
    }[] = [];
    let amount = 100;
    for (const isTest of [false, true])
      for (const paymentMethod of PAYMENT_METHOD_IDS)
        for (const paymentStatus of PAYMENT_STATUS_IDS)
          for (const status of ORDER_STATUS_IDS) {
            amount += 7;
            all.push({ paymentMethod, paymentStatus, status, totalAmount: amount, isTest });
            await insertOrder({
              createdAt: at,
              paymentMethod,
              paymentStatus,
              status,
              subtotal: amount,
              totalAmount: amount,
              isTest,
            });
          }
    const expectFor = (includeTest: boolean) => {
      const kept = all.filter((o) => countsAsOrder(o, includeTest));
      return {
        orders: kept.length,
        revenue: kept.reduce((s, o) => s + revenueOf(o), 0),
        rto: kept.filter((o) => o.status === "rto").length,
        cancelled: kept.filter((o) => o.status === "cancelled").length,
        prepaid: kept.filter((o) => o.paymentMethod !== "cod").length,
      };
    };
    const [day] = await dailyFigures("2031-05-01", "2031-05-01", false);
    expect(day).toMatchObject(expectFor(false));
    const [withTest] = await dailyFigures("2031-05-01", "2031-05-01", true);
    expect(withTest).toMatchObject(expectFor(true));
    // The attempts really are left out: 2 methods' worth minus COD, i.e. online pending + failed per status.
    expect(expectFor(false).orders).toBe(all.length / 2 - 2 * ORDER_STATUS_IDS.length);
    // A COD order returned to origin brings in nothing, even if marked paid.
    expect(revenueOf({ paymentMethod: "cod", paymentStatus: "paid", status: "rto", totalAmount: 500 })).toBe(
      0,
    );
  });

  it("adds custom orders to the same days, split ready-made vs custom, and rates RTO over dispatched orders", async () => {
    const at = new Date("2031-06-02T10:00:00Z");
    await insertOrder({ createdAt: at, status: "delivered", totalAmount: 1000 });
    await insertOrder({ createdAt: at, status: "rto", totalAmount: 1000 });
    await insertOrder({ createdAt: at, status: "cancelled", totalAmount: 1000 });
    await insertCustom({
      createdAt: at,
      status: "dispatched",
      paymentMethod: "razorpay",
      paymentStatus: "paid",
    });
    await insertCustom({
      createdAt: at,
      status: "pending",
      paymentMethod: "razorpay",
      paymentStatus: "failed",
    });
    const [d] = await dailyFigures("2031-06-02", "2031-06-02", false);
    expect(d).toMatchObject({
      orders: 4,
      readyMadeOrders: 3,
      customOrders: 1,
      readyMadeRevenue: 1000,
      customRevenue: 3000,
      websiteOrders: 4,
      websiteRevenue: 4000,
      chatOrders: 0,
      revenue: 4000,
      rto: 1,
      shipped: 3,
      cancelled: 1,
      kept: 2,
      keptValue: 4000,
    });
  });

  it("lists top products of real orders and low stock at the owner's threshold", async () => {
    const lamp = await newProduct("Top Lamp", 50);
    const moon = await newProduct("Top Moon", 50);
    const at = new Date("2031-07-05T10:00:00Z");
    await insertOrder({ createdAt: at, status: "confirmed" }, [{ productId: lamp.id, quantity: 3 }]);
    await insertOrder({ createdAt: at, status: "confirmed" }, [{ productId: moon.id, quantity: 2 }]);
    // Neither a cancelled order nor an abandoned attempt sells anything.
    await insertOrder({ createdAt: at, status: "cancelled" }, [{ productId: moon.id, quantity: 9 }]);
    await insertOrder({ createdAt: at, paymentMethod: "razorpay", paymentStatus: "pending" }, [
      { productId: moon.id, quantity: 9 },
    ]);
    const top = await topProducts("2031-07-05", "2031-07-05", false);
    expect(top.map((t) => [t.name, t.units, t.sales])).toEqual([
      ["Neon", 3, 3000],
      ["Neon", 2, 2000],
    ]);
    const low = await newProduct("Low Sign", 3);
    await newProduct("Hidden Low Sign", 0, false);
    await newProduct("Plenty Sign", 6);
    const names = (await lowStockProducts(5)).map((p) => p.name);
    expect(names).toContain(low.name);
    expect(names).not.toContain("Hidden Low Sign");
    expect(names).not.toContain("Plenty Sign");
  });

  it("dashboardData: a 7-day range ending today in India, the default threshold 5, honest all-time totals", async () => {
    const now = new Date("2031-08-20T20:00:00Z"); // 21 Aug 01:30 IST
    await insertOrder({
      createdAt: new Date("2031-08-20T19:00:00Z"),
      status: "confirmed",
      totalAmount: 1000,
    });
    const d = await dashboardData({ range: 7, test: false }, now);
    expect(d.first).toBe("2031-08-15");
    expect(d.last).toBe("2031-08-21");
    expect(d.days).toHaveLength(7);
    expect(d.days.at(-1)).toMatchObject({ day: "2031-08-21", orders: 1 });
    expect(d.lowStockThreshold).toBe(5);
    const stats = await dashboardStats(false);
    const [{ n }] = (
      await db().execute<{
        n: string;
      }>(sql`select (select count(*) from orders where not (payment_method <> 'cod' and payment_status in ('pending','failed')) and not is_test)
            + (select count(*) from custom_neon_orders where not (payment_method <> 'cod' and payment_status in ('pending','failed')) and not is_test) as n`)
    ).rows as [{ n: string }];
    expect(stats.totalOrders).toBe(Number(n));
  });
});

describe("returned to origin (RTO)", () => {
  it("puts a ready-made order's stock back exactly once, under repeated requests", async () => {
    const p = await newProduct("RTO Sign", 10);
    const o = await insertOrder({ status: "dispatched", courier: "Delhivery", trackingNumber: "D1" }, [
      { productId: p.id, quantity: 2 },
      { productId: p.id, quantity: 1 },
    ]);
    const change = { kind: "order" as const, id: o.id, to: "rto" as const, rtoReason: "refused" as const };
    const results = await Promise.all([
      changeOrderStatus(change, actor),
      changeOrderStatus(change, actor),
      changeOrderStatus(change, actor),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.httpStatus)).toEqual([409, 409]);
    expect(await stockOf(p.id)).toBe(13);
    // Nothing after RTO returns it again (the status is final; cancel is refused).
    const again = await changeOrderStatus({ kind: "order", id: o.id, to: "cancelled" }, actor);
    expect(again.ok).toBe(false);
    expect(await stockOf(p.id)).toBe(13);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: "rto", rtoReason: "refused" });
    expect(row!.stockReleasedAt).not.toBeNull();
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      fromValue: "dispatched",
      toValue: "rto",
      changedByEmail: "owner@example.com",
    });
    expect(history[0]!.note).toBe("Returned to origin: Refused by the customer. Stock returned");
    // The CSV export's status filter finds it, with its status and reason.
    let csv = "";
    for await (const chunk of exportOrdersCsv("order", { page: 1, status: "rto" })) csv += chunk;
    const line = csv.split("\r\n").find((l) => l.includes(o.id));
    expect(line).toContain("Returned (RTO)");
    expect(line).toContain("Refused by the customer");
    const mail = await statusEmailFor("order", o.id, "rto");
    expect(mail?.subject).toMatch(/could not be delivered$/);
    expect(emailText(mail!.content)).toContain(
      "The courier reports that the parcel was refused at delivery.",
    );
  });

  it("is refused before dispatch and needs a reason; nothing changes", async () => {
    const p = await newProduct("Early Sign", 10);
    const o = await insertOrder({ status: "confirmed" }, [{ productId: p.id, quantity: 2 }]);
    const r = await changeOrderStatus(
      { kind: "order", id: o.id, to: "rto", rtoReason: "unreachable" },
      actor,
    );
    expect(r).toMatchObject({ ok: false, httpStatus: 409 });
    const d = await insertOrder({ status: "dispatched" }, [{ productId: p.id, quantity: 1 }]);
    const noReason = await changeOrderStatus({ kind: "order", id: d.id, to: "rto" }, actor);
    expect(noReason).toMatchObject({ ok: false, field: "rtoReason" });
    const other = await changeOrderStatus({ kind: "order", id: d.id, to: "rto", rtoReason: "other" }, actor);
    expect(other).toMatchObject({ ok: false, field: "note" });
    expect(await stockOf(p.id)).toBe(10);
    const unknown = await changeOrderStatus(
      { kind: "order", id: crypto.randomUUID(), to: "rto", rtoReason: "refused" },
      actor,
    );
    expect(unknown).toMatchObject({ ok: false, httpStatus: 404 });
  });

  it("marks a custom order returned with its reason and note; custom signs have no stock", async () => {
    const c = await insertCustom({ status: "dispatched" });
    const r = await changeOrderStatus(
      { kind: "custom", id: c.id, to: "rto", rtoReason: "other", note: "Shop was shut for Diwali" },
      actor,
    );
    expect(r).toMatchObject({ ok: true, status: "rto", stockReturned: false });
    const [row] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, c.id));
    expect(row).toMatchObject({ status: "rto", rtoReason: "other", stockReleasedAt: null });
  });
});

describe("RTO and GST documents", () => {
  it("an order invoiced at dispatch that comes back (RTO) gets its credit note", async () => {
    const { settings, version } = await loadShopSettings();
    const gstin = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
    expect(
      (await saveShopSettings({ ...settings, legal: { ...settings.legal, gstin } }, actor, version)).ok,
    ).toBe(true);
    const p = await newProduct("Invoiced Sign", 10);
    const o = await insertOrder({ status: "in_production" }, [{ productId: p.id, quantity: 1 }]);
    const sent = await changeOrderStatus(
      { kind: "order", id: o.id, to: "dispatched", courier: "Delhivery", trackingNumber: "D9" },
      actor,
    );
    expect(sent.ok && sent.invoice).toMatchObject({ number: expect.any(String) });
    const back = await changeOrderStatus({ kind: "order", id: o.id, to: "rto", rtoReason: "address" }, actor);
    expect(back.ok && back.creditNote).toEqual({ number: expect.stringMatching(/^CN\//) });
    expect(await stockOf(p.id)).toBe(11); // the inserted order took none; its 1 came back
  });
});

describe("admin order lists", () => {
  it("hide abandoned online attempts by default and show them (only) in their own view", async () => {
    const at = new Date("2032-01-01T10:00:00Z");
    const real = await insertOrder({
      createdAt: at,
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      customerName: "Zed Realorder",
    });
    const failed = await insertOrder({
      createdAt: at,
      paymentMethod: "razorpay",
      paymentStatus: "failed",
      customerName: "Zed Failedattempt",
    });
    const cod = await insertOrder({
      createdAt: at,
      paymentMethod: "cod",
      paymentStatus: "pending",
      customerName: "Zed Codorder",
    });
    const customAttempt = await insertCustom({
      createdAt: at,
      paymentMethod: "razorpay",
      paymentStatus: "pending",
    });
    const ids = async (show?: "attempts" | "all") =>
      (await listOrders({ page: 1, from: "2032-01-01", to: "2032-01-01", ...(show ? { show } : {}) })).rows
        .map((r) => r.id)
        .sort();
    expect(await ids()).toEqual([real.id, cod.id].sort());
    expect(await ids("attempts")).toEqual([failed.id]);
    expect(await ids("all")).toEqual([real.id, failed.id, cod.id].sort());
    // The default view says how many attempts the same search hides.
    const day = { page: 1, from: "2032-01-01", to: "2032-01-01" };
    expect((await listOrders(day)).hiddenAttempts).toBe(1);
    expect((await listOrders({ ...day, q: "Zed Codorder" })).hiddenAttempts).toBe(0);
    expect((await listOrders({ ...day, show: "attempts" })).hiddenAttempts).toBeNull();
    expect((await listCustomOrders(day)).hiddenAttempts).toBe(1);
    const custom = async (show?: "attempts") =>
      (
        await listCustomOrders({ page: 1, from: "2032-01-01", to: "2032-01-01", ...(show ? { show } : {}) })
      ).rows.map((r) => r.id);
    expect(await custom()).toEqual([]);
    expect(await custom("attempts")).toEqual([customAttempt.id]);
  });
});
