import { and, eq, gt, sql } from "drizzle-orm";
import { db, type Tx } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { customNeonOrders, orderItems } from "~/features/order-lifecycle/tables.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { tableOf } from "~/features/order-lifecycle/order-tables.server";
import { writeOrderHistory, type Actor } from "~/features/order-lifecycle/order-history.server";
import type { OrderStatus, PaymentStatus } from "~/features/order-lifecycle/order-status";
import { changeOrderStatus } from "~/features/order-workflow/order-changes.server";
import { shopSettings } from "~/features/settings/store-settings.server";
import { invalidateMakingLoad } from "~/features/settings/making-load.server";
import { productionCards } from "./tables.server";
import {
  checkStageMove,
  STAGE_LABELS,
  startsMaking,
  waitingFor,
  type MoveCardInput,
  type ProductionStage,
} from "./production-board";
import { customLineMetres, productLineMetres } from "./line-metres.server";
import { customLineText, productLineText } from "./board-lines";

/*
 * Moving a card on the production board (issue 44, decision 062), as one transaction: the order locked, the
 * line checked to be this order's and on the board, the move checked (one column, forward or back; the column
 * it is in already is harmless), the card written with who and when, and a row in the order's history
 * (field "production"). The first move out of "To cut" of a confirmed order then puts the order into
 * production through the order workflow (its history row, mail and WhatsApp message as from the order page),
 * so the shopper's order page says "In production".
 */

export type MoveOutcome =
  | { ok: true; message: string; moved: boolean; started: boolean }
  | { ok: false; status: 404 | 409; message: string };

type Line =
  | {
      kind: "custom";
      where: ReturnType<typeof eq>;
      insert: { customOrderId: string };
      text: string;
      metres: () => Promise<number>;
    }
  | {
      kind: "order";
      where: ReturnType<typeof eq>;
      insert: { orderId: string; orderItemId: string };
      text: string;
      metres: () => Promise<number>;
    };

const notOurs = "This order has no such line to make. Reload the board.";

/** The line the form names, if it is this order's and is made in the workshop. */
async function findLine(tx: Tx, input: MoveCardInput): Promise<Line | null> {
  const settings = await shopSettings();
  if (input.kind === "custom") {
    if (input.lineId !== input.orderId) return null;
    const [c] = await tx.select().from(customNeonOrders).where(eq(customNeonOrders.id, input.orderId));
    if (!c) return null;
    return {
      kind: "custom",
      where: eq(productionCards.customOrderId, c.id),
      insert: { customOrderId: c.id },
      text: customLineText(c).title,
      metres: async () => customLineMetres(c, settings.workshop),
    };
  }
  const [i] = await tx
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.id, input.lineId),
        eq(orderItems.orderId, input.orderId),
        gt(orderItems.madeToOrder, 0),
      ),
    );
  if (!i) return null;
  return {
    kind: "order",
    where: eq(productionCards.orderItemId, i.id),
    insert: { orderId: i.orderId, orderItemId: i.id },
    text: productLineText(i).title,
    metres: async () => productLineMetres(i.productConfig?.size, i.madeToOrder, settings.workshop),
  };
}

async function lockOrder(tx: Tx, input: MoveCardInput) {
  const t = tableOf(input.kind);
  const r = await tx.execute<{ status: OrderStatus; payment_status: PaymentStatus }>(
    sql`select status, payment_status from ${t} where ${t.id} = ${input.orderId}::uuid for update`,
  );
  return r.rows[0];
}

function onBoard(o: { status: OrderStatus; payment_status: PaymentStatus }): boolean {
  if (o.payment_status === "refunded") return false;
  return (
    o.status === "confirmed" ||
    o.status === "in_production" ||
    (o.status === "pending" && o.payment_status === "paid")
  );
}

/** Move one card to the column `to`, as `actor`. */
export async function moveCard(input: MoveCardInput, actor: Actor): Promise<MoveOutcome> {
  const to = input.to;
  type Done = MoveOutcome & { before?: OrderStatus; leftToCut?: boolean };
  const result = await db().transaction(async (tx): Promise<Done> => {
    const order = await lockOrder(tx, input);
    if (!order) return { ok: false, status: 404, message: "Order not found." };
    const line = await findLine(tx, input);
    if (!line) return { ok: false, status: 404, message: notOurs };
    if (!onBoard(order))
      return {
        ok: false,
        status: 409,
        message: `This order is ${order.status.replace("_", " ")}: its line is not on the board.`,
      };
    let [card] = await tx.select().from(productionCards).where(line.where).for("update");
    if (!card) {
      [card] = await tx
        .insert(productionCards)
        .values({ ...line.insert, ledMetres: await line.metres() })
        .onConflictDoNothing()
        .returning();
      if (!card) [card] = await tx.select().from(productionCards).where(line.where).for("update");
    }
    const from = card!.stage as ProductionStage;
    const check = checkStageMove(from, to);
    if (!check.ok) return { ok: false, status: 409, message: check.message };
    if (check.unchanged)
      return { ok: true, moved: false, started: false, message: `Already in ${STAGE_LABELS[to]}.` };
    const starting = startsMaking(from, to) && card!.startedAt === null;
    if (startsMaking(from, to) && order.status !== "in_production") {
      const proof =
        line.kind === "custom"
          ? ((
              await tx
                .select({ state: designProofs.state })
                .from(designProofs)
                .where(eq(designProofs.customOrderId, input.orderId))
                .orderBy(sql`${designProofs.version} desc`)
                .limit(1)
            )[0]?.state ?? null)
          : null;
      const why = waitingFor(line.kind, order.status, proof);
      if (why) return { ok: false, status: 409, message: `Making cannot start yet. ${why}` };
    }
    await tx
      .update(productionCards)
      .set({
        stage: to,
        movedBy: actor.id,
        movedByEmail: actor.email,
        movedAt: sql`now()`,
        ...(starting ? { startedAt: sql`now()` } : {}),
      })
      .where(eq(productionCards.id, card!.id));
    await writeOrderHistory(
      tx,
      { kind: input.kind, id: input.orderId },
      {
        field: "production",
        from,
        to,
        note: `Production board: ${line.text} moved to ${STAGE_LABELS[to]}`,
        actor,
      },
    );
    return {
      ok: true,
      moved: true,
      started: starting,
      message: `Moved to ${STAGE_LABELS[to]}.`,
      before: order.status,
      leftToCut: startsMaking(from, to),
    };
  });
  if (!result.ok) return result;
  invalidateMakingLoad();
  const { before, leftToCut, ...answer } = result;
  logger.info(
    { kind: input.kind, id: input.orderId, line: input.lineId, to, by: actor.email },
    "production card moved",
  );
  // Making started: a confirmed order goes into production (the workflow's own checks, history, mail).
  if (leftToCut && before === "confirmed") {
    const changed = await changeOrderStatus(
      {
        kind: input.kind,
        id: input.orderId,
        to: "in_production",
        note: "Making started on the production board",
      },
      actor,
    );
    if (!changed.ok)
      logger.warn(
        { id: input.orderId, message: changed.message },
        "production board: order not put into production",
      );
  }
  return answer;
}
