import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db/client.server";
import { setEnv } from "~/platform/env.server";
import { customNeonOrders, orderItems, orderStatusHistory } from "~/features/order-lifecycle/tables.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { productionCards } from "~/features/workshop/tables.server";
import { loadBoard } from "~/features/workshop/production-board.server";
import { designOfRow } from "~/features/workshop/sign-figures.server";
import { measureDesign } from "~/features/sign-geometry/measure-design.server";
import { invalidateMakingLoad } from "~/features/settings/making-load.server";
import { loadShopperOrder } from "~/features/order-page/shopper-order.server";
import * as route from "~/features/workshop/routes/admin-production";
import { customLine } from "../support/cart-lines";
import { adminSession, type AdminSession } from "../support/admin-session";
import { insertCustomOrder, insertOrder, NO_ORDER_LIMITS, postQuote } from "../support/orders";
import { outcome, routeArgs as args } from "../support/route-calls";
import { setupTestDatabase } from "../support/test-db";

// The production board (issue 44, decision 062): who may see and move cards, what a move writes (the card,
// the order's history, the order into production), the refusals, and the load that moves the promise.

const t = setupTestDatabase({ ...NO_ORDER_LIMITS, PUBLIC_URL: "http://shop.test" });
beforeEach(() => setEnv(t.env));

let owner: AdminSession;
let operations: AdminSession;
let catalogue: AdminSession;
beforeAll(async () => {
  owner = await adminSession("board-owner@example.com");
  operations = await adminSession("board-ops@example.com", { role: "operations" });
  catalogue = await adminSession("board-catalogue@example.com", { role: "catalogue" });
});

const PATH = "/admin/production";
const move = (who: AdminSession, fields: Record<string, string>) =>
  outcome(() => route.action(args(who.request(PATH, { form: fields }))));
const cardOf = async (customOrderId: string) =>
  (await db().select().from(productionCards).where(eq(productionCards.customOrderId, customOrderId)))[0];
const historyOf = (customOrderId: string) =>
  db().select().from(orderStatusHistory).where(eq(orderStatusHistory.customOrderId, customOrderId));

/** A confirmed custom order whose latest proof the shopper approved (ready to make). */
async function readyCustomOrder(values: Partial<typeof customNeonOrders.$inferInsert> = {}) {
  const o = await insertCustomOrder({
    status: "confirmed",
    deliveryDaysMin: 10,
    deliveryDaysMax: 17,
    ...values,
  });
  await db().insert(designProofs).values({
    customOrderId: o.id,
    version: 1,
    imageKey: "proofs/test",
    imageWidth: 900,
    imageHeight: 500,
    state: "approved",
    answeredAt: new Date(),
  });
  return o;
}

const customCard = (id: string, to: string) => ({ kind: "custom", orderId: id, lineId: id, to });

describe("who may use the board", () => {
  it("the Catalogue role gets 403 for the board and a move, and nothing changes", async () => {
    const o = await readyCustomOrder();
    expect((await outcome(() => route.loader(args(catalogue.request(PATH))))).status).toBe(403);
    expect((await move(catalogue, customCard(o.id, "to_bend"))).status).toBe(403);
    expect(await cardOf(o.id)).toBeUndefined();
    expect(await historyOf(o.id)).toEqual([]);
  });

  it("Operations sees every line to make: custom signs and made-to-order lines of orders on the board", async () => {
    const custom = await readyCustomOrder({ customText: "Chai Adda", size: "L" });
    const unconfirmed = await insertCustomOrder({ customText: "Not yet" });
    const cancelled = await insertCustomOrder({ customText: "Gone", status: "cancelled" });
    // A logo sign (its "font" is the artwork): the size's metres, Extra Large 9 m.
    const logo = await insertCustomOrder({
      status: "confirmed",
      customText: "Logo (quote Q-1A2B3C4D)",
      fontStyle: "Logo artwork",
      neonColor: "As in the logo",
      size: "XL",
    });
    const order = await insertOrder({ status: "confirmed" }, [
      { name: "Good Vibes Neon", quantity: 2, size: "L" },
    ]);
    await db().update(orderItems).set({ madeToOrder: 2 }).where(eq(orderItems.orderId, order.id));
    const r = await outcome(() => route.loader(args(operations.request(PATH))));
    expect(r.status).toBe(200);
    const cards = (r.body as { board: Awaited<ReturnType<typeof loadBoard>> }).board.cards;
    const ids = cards.map((c) => c.orderId);
    expect(ids).toContain(custom.id);
    expect(ids).toContain(order.id);
    expect(ids).not.toContain(unconfirmed.id);
    expect(ids).not.toContain(cancelled.id);
    const sign = cards.find((c) => c.orderId === custom.id)!;
    expect(sign).toMatchObject({ title: "“Chai Adda”", stage: "to_cut", movedAt: null, waitingFor: null });
    expect(sign.details).toMatch(/^Orbitron · Hot Pink · Large \(70cm\)/);
    // Measured by the geometry engine from the design (not the size's 6 m).
    const measured = await measureDesign(designOfRow(custom)!);
    expect(sign.ledMetres).toBeCloseTo(measured.measurement.ledMetresTotal, 2);
    expect(sign.ledMetres).not.toBe(6);
    expect(cards.find((c) => c.orderId === logo.id)).toMatchObject({ ledMetres: 9 });
    const product = cards.find((c) => c.orderId === order.id)!;
    // Two Large units at the settings' 6 m each.
    expect(product).toMatchObject({ kind: "order", title: "Good Vibes Neon", ledMetres: 12 });
    // Shown once, the lines have their cards (in To cut, with their metres).
    expect((await cardOf(custom.id))?.stage).toBe("to_cut");
  });
});

describe("moving a card", () => {
  it("writes who and when, the order's history, and puts the order into production: its page says In production", async () => {
    const o = await readyCustomOrder();
    const r = await move(operations, customCard(o.id, "to_bend"));
    expect(r).toMatchObject({ status: 200, body: { ok: true, message: "Moved to To bend." } });
    const card = await cardOf(o.id);
    expect(card).toMatchObject({
      stage: "to_bend",
      movedByEmail: operations.email,
      movedBy: operations.userId,
    });
    expect(card!.movedAt).toBeInstanceOf(Date);
    expect(card!.startedAt).toBeInstanceOf(Date);

    const history = await historyOf(o.id);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: "production",
          fromValue: "to_cut",
          toValue: "to_bend",
          changedByEmail: operations.email,
        }),
        expect.objectContaining({ field: "status", fromValue: "confirmed", toValue: "in_production" }),
      ]),
    );
    const [row] = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, o.id));
    expect(row!.status).toBe("in_production");

    const page = await loadShopperOrder(o.accessToken);
    const current = page!.timeline.find((s) => s.state === "current");
    expect(current).toMatchObject({ status: "in_production", label: "In production" });

    // Across the board and back one step: each move is a history row; the order stays in production.
    expect((await move(operations, customCard(o.id, "testing"))).status).toBe(200);
    expect((await move(operations, customCard(o.id, "ready_to_pack"))).status).toBe(200);
    expect((await move(operations, customCard(o.id, "testing"))).status).toBe(200);
    const moves = (await historyOf(o.id)).filter((h) => h.field === "production").map((h) => h.toValue);
    expect(moves.sort()).toEqual(["ready_to_pack", "testing", "testing", "to_bend"]);
    expect((await historyOf(o.id)).filter((h) => h.field === "status")).toHaveLength(1);
  });

  it("a repeated move is harmless: nothing more is written", async () => {
    const o = await readyCustomOrder();
    expect((await move(owner, customCard(o.id, "to_bend"))).status).toBe(200);
    const before = await historyOf(o.id);
    const again = await move(owner, customCard(o.id, "to_bend"));
    expect(again).toMatchObject({ status: 200, body: { ok: true, message: "Already in To bend." } });
    expect(await historyOf(o.id)).toHaveLength(before.length);
  });

  it("a skipped column, a line of another order, an unknown order or a malformed id are refused, changing nothing", async () => {
    const o = await readyCustomOrder();
    const other = await readyCustomOrder();
    const skip = await move(owner, customCard(o.id, "ready_to_pack"));
    expect(skip).toMatchObject({ status: 409, body: { ok: false } });
    expect(skip.body.message).toMatch(/one column at a time/);

    // The line of another custom order under this order's id.
    const crossed = await move(owner, { kind: "custom", orderId: o.id, lineId: other.id, to: "to_bend" });
    expect(crossed).toMatchObject({
      status: 404,
      body: { ok: false, message: "This order has no such line to make. Reload the board." },
    });

    // A made-to-order line of one order named under another order.
    const a = await insertOrder({ status: "confirmed" }, [{ quantity: 1 }]);
    const b = await insertOrder({ status: "confirmed" }, [{ quantity: 1 }]);
    await db().update(orderItems).set({ madeToOrder: 1 });
    const [itemOfB] = await db().select().from(orderItems).where(eq(orderItems.orderId, b.id));
    const wrongOrder = await move(owner, {
      kind: "order",
      orderId: a.id,
      lineId: itemOfB!.id,
      to: "to_bend",
    });
    expect(wrongOrder.status).toBe(404);

    const unknown = crypto.randomUUID();
    expect(await move(owner, customCard(unknown, "to_bend"))).toMatchObject({
      status: 404,
      body: { ok: false, message: "Order not found." },
    });
    const malformed = await move(owner, { kind: "custom", orderId: "42", lineId: "42", to: "to_bend" });
    expect(malformed).toMatchObject({ status: 422, body: { ok: false } });
    expect(malformed.body.message).toMatch(/Unknown order\. Reload the board\./);
    expect(await move(owner, customCard(o.id, "shipped"))).toMatchObject({ status: 422 });

    expect((await cardOf(o.id))?.stage ?? "to_cut").toBe("to_cut");
    expect(await historyOf(o.id)).toEqual([]);
    expect(await historyOf(other.id)).toEqual([]);
  });

  it("making waits for the approved proof of a custom sign, and for a pending order's confirmation", async () => {
    const noProof = await insertCustomOrder({ status: "confirmed" });
    const r = await move(owner, customCard(noProof.id, "to_bend"));
    expect(r).toMatchObject({ status: 409, body: { ok: false } });
    expect(r.body.message).toBe(
      "Making cannot start yet. Waiting for a design proof to be sent and approved.",
    );
    expect(await historyOf(noProof.id)).toEqual([]);

    const paidPending = await insertCustomOrder({ paymentMethod: "razorpay", paymentStatus: "paid" });
    const p = await move(owner, customCard(paidPending.id, "to_bend"));
    expect(p.body.message).toBe("Making cannot start yet. Confirm the order to start making.");

    const cancelled = await insertCustomOrder({ status: "cancelled" });
    expect((await move(owner, customCard(cancelled.id, "to_bend"))).status).toBe(409);
  });
});

describe("the load moves the promise", () => {
  it("metres waiting beyond a day's capacity add making days to a custom sign's promised dates", async () => {
    invalidateMakingLoad();
    const quote = async () => {
      const q = await postQuote({ items: [customLine("Hello")], pincode: "110001" });
      const std = (q.body.options as { method: string; daysMin: number; daysMax: number }[]).find(
        (o) => o.method === "standard",
      )!;
      return [std.daysMin, std.daysMax] as const;
    };
    // Whatever the earlier tests left on the board, measured now.
    const before = await loadBoard();
    const [min0, max0] = await quote();
    expect(min0).toBe(10 + before.extraDays);
    // Planted: 60 m of flex waiting (cards in To cut and Testing), 25 m a day: 2 more days than before.
    const extra = await readyCustomOrder({ quantity: 1 });
    const more = await readyCustomOrder({ quantity: 1 });
    await db()
      .insert(productionCards)
      .values([
        { customOrderId: extra.id, ledMetres: 30 },
        { customOrderId: more.id, ledMetres: 30, stage: "testing" },
      ]);
    const after = await loadBoard();
    expect(after.waitingMetres).toBeCloseTo(before.waitingMetres + 60, 2);
    invalidateMakingLoad();
    const [min1, max1] = await quote();
    expect(min1).toBe(10 + after.extraDays);
    expect(max1 - min1).toBe(max0 - min0);
    expect(min1 - min0).toBe(after.extraDays - before.extraDays);
    expect(after.extraDays - before.extraDays).toBeGreaterThanOrEqual(2);

    // Ready to pack no longer waits: the promise comes back.
    await db()
      .update(productionCards)
      .set({ stage: "ready_to_pack" })
      .where(and(eq(productionCards.customOrderId, extra.id)));
    await db()
      .update(productionCards)
      .set({ stage: "ready_to_pack" })
      .where(eq(productionCards.customOrderId, more.id));
    invalidateMakingLoad();
    expect((await quote())[0]).toBe(min0);
  });
});
