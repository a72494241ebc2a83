import { and, eq, gt, sql } from "drizzle-orm";
import { hasPackDesign } from "./pack-files";
import { db } from "~/platform/db/client.server";
import { todayInIndia } from "~/shared/ist-dates";
import { formatDeliveryDay } from "~/shared/business-days";
import { customNeonOrders, orderItems, orders } from "~/features/order-lifecycle/tables.server";
import { designProofs } from "~/features/design-proofs/tables.server";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import {
  displayCustomOrderId,
  displayOrderId,
  type OrderKind,
  type OrderStatus,
} from "~/features/order-lifecycle/order-status";
import { shopSettings } from "~/features/settings/store-settings.server";
import type { WorkshopSettings } from "~/features/settings/workshop-settings";
import { onTheBoard } from "~/features/settings/making-load.server";
import { productionCards } from "./tables.server";
import {
  boardLoad,
  dueDate,
  urgencies,
  waitingFor,
  type ProductionStage,
  type Urgency,
} from "./production-board";
import { customLineMetres, productLineMetres } from "./line-metres.server";
import { customLineText, productLineText } from "./board-lines";

/*
 * The production board's lines (issue 44, decision 062): every custom sign (logo signs included) and every
 * made-to-order product line of an order on the board (settings/making-load.server.ts `onTheBoard`), each with
 * its card (column, who moved it last), due date and urgency. A line shown for the first time gets its card
 * in "To cut" with its measured metres, so the load the promises read counts what the board shows.
 */

export type BoardCard = {
  /** "custom:<order id>" or "item:<order item id>". */
  key: string;
  kind: OrderKind;
  orderId: string;
  lineId: string;
  orderRef: string;
  orderPath: string;
  orderStatus: OrderStatus;
  /** What it is, in words: the sign's text, font, colour, size; or the product, its size and colour. */
  title: string;
  details: string;
  ledMetres: number;
  due: string;
  dueText: string;
  urgency: Urgency;
  stage: ProductionStage;
  movedByEmail: string | null;
  movedAt: string | null;
  /** Why making cannot start yet (the order is not confirmed, the proof is not approved), or null. */
  waitingFor: string | null;
  /** A custom sign from the customiser has a production pack (pack-files.ts), linked from its card. */
  hasPack: boolean;
};

export type Board = {
  cards: BoardCard[];
  waitingMetres: number;
  capacityMetresPerDay: number;
  extraDays: number;
  today: string;
};

type CardRow = {
  stage: ProductionStage | null;
  ledMetres: number | null;
  movedByEmail: string | null;
  movedAt: Date | null;
};

const cardColumns = {
  stage: productionCards.stage,
  ledMetres: productionCards.ledMetres,
  movedByEmail: productionCards.movedByEmail,
  movedAt: productionCards.movedAt,
};

function customRows() {
  const c = customNeonOrders;
  return db()
    .select({
      id: c.id,
      createdAt: c.createdAt,
      customText: c.customText,
      fontStyle: c.fontStyle,
      neonColor: c.neonColor,
      size: c.size,
      hasDimmer: c.hasDimmer,
      backingShape: c.backingShape,
      quantity: c.quantity,
      deliveryDaysMin: c.deliveryDaysMin,
      shippingMethod: c.shippingMethod,
      status: c.status,
      proof: sql<
        string | null
      >`(select ${designProofs.state} from ${designProofs} where ${designProofs.customOrderId} = ${c.id} order by ${designProofs.version} desc limit 1)`,
      quoteId: sql<
        string | null
      >`(select ${logoQuotes.id} from ${logoQuotes} where ${logoQuotes.customOrderId} = ${c.id} limit 1)`,
      ...cardColumns,
    })
    .from(c)
    .leftJoin(productionCards, eq(productionCards.customOrderId, c.id))
    .where(onTheBoard(c));
}

function itemRows() {
  const i = orderItems;
  return db()
    .select({
      id: i.id,
      orderId: i.orderId,
      productName: i.productName,
      productConfig: i.productConfig,
      madeToOrder: i.madeToOrder,
      createdAt: orders.createdAt,
      deliveryDaysMin: orders.deliveryDaysMin,
      shippingMethod: orders.shippingMethod,
      status: orders.status,
      ...cardColumns,
    })
    .from(i)
    .innerJoin(orders, eq(orders.id, i.orderId))
    .leftJoin(productionCards, eq(productionCards.orderItemId, i.id))
    .where(and(gt(i.madeToOrder, 0), onTheBoard(orders)));
}

/** The lines to make, with their cards (written for lines the board shows for the first time). */
export async function loadBoard(now: Date = new Date()): Promise<Board> {
  const settings = await shopSettings();
  const w: WorkshopSettings = settings.workshop;
  const [customs, items] = await Promise.all([customRows(), itemRows()]);
  // Cards for the lines seen for the first time: "To cut", with their measured metres.
  const fresh: (typeof productionCards.$inferInsert)[] = [];
  for (const r of customs)
    if (r.stage === null) {
      r.ledMetres = customLineMetres(r, w);
      fresh.push({ customOrderId: r.id, ledMetres: r.ledMetres });
    }
  for (const r of items)
    if (r.stage === null) {
      r.ledMetres = productLineMetres(r.productConfig?.size, r.madeToOrder, w);
      fresh.push({ orderId: r.orderId, orderItemId: r.id, ledMetres: r.ledMetres });
    }
  if (fresh.length > 0) await db().insert(productionCards).values(fresh).onConflictDoNothing();

  const today = todayInIndia(now);
  const rules = settings.shipping;
  const base = (
    r: CardRow & { createdAt: Date; deliveryDaysMin: number | null; shippingMethod: string },
    custom: boolean,
  ) => ({
    stage: r.stage ?? "to_cut",
    ledMetres: r.ledMetres ?? 0,
    movedByEmail: r.movedByEmail,
    movedAt: r.movedAt?.toISOString() ?? null,
    due: dueDate(
      {
        orderDay: todayInIndia(r.createdAt),
        deliveryDaysMin: r.deliveryDaysMin,
        shippingMethod: r.shippingMethod,
        custom,
      },
      rules,
    ),
  });
  const cards: Omit<BoardCard, "urgency">[] = [
    ...customs.map((r) => ({
      key: `custom:${r.id}`,
      kind: "custom" as const,
      orderId: r.id,
      lineId: r.id,
      orderRef: displayCustomOrderId(r.id),
      orderPath: `/admin/custom-neon?order=${r.id}`,
      orderStatus: r.status,
      ...customLineText(r),
      ...base(r, true),
      dueText: "",
      waitingFor: waitingFor("custom", r.status, r.proof),
      hasPack: hasPackDesign(r),
    })),
    ...items.map((r) => ({
      key: `item:${r.id}`,
      kind: "order" as const,
      orderId: r.orderId,
      lineId: r.id,
      orderRef: displayOrderId(r.orderId),
      orderPath: `/admin/purchases?order=${r.orderId}`,
      orderStatus: r.status,
      ...productLineText(r),
      ...base(r, false),
      dueText: "",
      waitingFor: waitingFor("order", r.status, null),
      hasPack: false,
    })),
  ];
  const urgency = urgencies(cards, today, w.capacityMetresPerDay);
  const load = boardLoad(cards, w.capacityMetresPerDay);
  return {
    cards: cards
      .map((c) => ({ ...c, dueText: formatDeliveryDay(c.due), urgency: urgency.get(c.key) ?? "on_time" }))
      .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : a.orderRef < b.orderRef ? -1 : 1)),
    waitingMetres: load.waitingMetres,
    capacityMetresPerDay: w.capacityMetresPerDay,
    extraDays: load.extraDays,
    today,
  };
}
