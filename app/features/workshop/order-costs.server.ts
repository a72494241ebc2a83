import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { productFacts, type ProductFacts } from "~/features/catalog/product-facts";
import { products } from "~/features/catalog/tables.server";
import { refunds } from "~/features/after-sale/tables.server";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import {
  customNeonOrders,
  orderItems,
  orders,
  type ShippingAddress,
} from "~/features/order-lifecycle/tables.server";
import { customSizeLabel } from "~/features/sign-options/line-description";
import { PRODUCT_SIZES, type ProductConfig } from "~/features/sign-options/product-options";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import {
  customSignCost,
  goodsRevenueNet,
  marginOf,
  readyMadeCost,
  taxBasisOf,
  type LineCost,
  type MakingCost,
  type Margin,
  type OrderCost,
} from "./costs";
import { measuredDesign } from "./measured-designs.server";
import { designOfRow } from "./sign-figures.server";
import { MissingGlyph } from "~/features/sign-geometry/fonts.server";
import { costContext, type CostContext } from "./cost-context.server";

/*
 * Cost and margin of real orders (issue 44, decision 061): each line's cost of making (custom signs measured,
 * ready-made ones from the settings) against its revenue without GST (costs.ts). Read for the order dialog and
 * added up for the dashboard's gross margin.
 */

type CustomRow = typeof customNeonOrders.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const deliveryOf = (a: ShippingAddress) =>
  a.country && a.country !== "IN"
    ? { country: a.country, stateSlug: null }
    : { country: null, stateSlug: a.state };

/** A custom sign's cost per unit, or why it has none. */
async function customUnitCost(
  o: CustomRow,
  ctx: CostContext,
): Promise<{ unit: MakingCost | null; problem: string | null }> {
  const design = designOfRow(o);
  if (!design)
    return { unit: null, problem: "The order's design uses an option the customiser no longer offers." };
  try {
    const m = await measuredDesign(design, ctx.workshop);
    return { unit: customSignCost(m, o, ctx.workshop), problem: null };
  } catch (err) {
    if (err instanceof MissingGlyph)
      return {
        unit: null,
        problem: `The font has no letter ${JSON.stringify(err.character)}: the sign cannot be measured, so its cost is not known.`,
      };
    logger.error({ err, customOrderId: o.id }, "could not measure a custom order's design for its cost");
    return { unit: null, problem: "The design could not be measured, so its cost is not known." };
  }
}

function readyUnitCost(item: ItemRow, facts: ProductFacts | null, ctx: CostContext): MakingCost {
  const c = item.productConfig as ProductConfig;
  const size = PRODUCT_SIZES.some((s) => s.id === c.size) ? c.size : "M";
  return readyMadeCost(
    {
      size,
      sizeCm: productFacts(facts).sizesCm[size],
      color: c.color,
      dimmer: Boolean(c.brightnessController),
    },
    ctx.workshop,
  );
}

function lineOf(
  label: string,
  quantity: number,
  revenue: number,
  unit: MakingCost | null,
  problem: string | null,
) {
  return {
    label,
    quantity,
    unit,
    problem,
    revenue,
    margin: unit ? marginOf(revenue, unit.total * quantity) : null,
  };
}

function totalOf(lines: LineCost[]): Margin | null {
  if (lines.some((l) => !l.margin)) return null;
  return marginOf(
    lines.reduce((n, l) => n + l.revenue, 0),
    lines.reduce((n, l) => n + l.margin!.cost, 0),
  );
}

const refundColumn = (kind: OrderKind) => (kind === "order" ? refunds.orderId : refunds.customOrderId);

/** Rupees the orders' processed refunds gave back, by order id (and the whole total when marked refunded by hand). */
async function refundsOf(kind: OrderKind, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const column = refundColumn(kind);
  const rows = await db()
    .select({ id: column, total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(inArray(column, ids), eq(refunds.status, "processed")))
    .groupBy(column);
  return new Map(rows.map((r) => [r.id!, Number(r.total)]));
}

const refundedOf = (o: { paymentStatus: string; totalAmount: number }, processed: number) =>
  o.paymentStatus === "refunded" ? o.totalAmount : processed;

async function customCosts(rows: CustomRow[], ctx: CostContext): Promise<OrderCost[]> {
  const refunded = await refundsOf(
    "custom",
    rows.map((o) => o.id),
  );
  return Promise.all(
    rows.map(async (o) => {
      const basis = taxBasisOf(ctx.shop, deliveryOf(o.shippingAddress));
      const unitPrice = o.basePrice + o.dimmerPrice + o.backingPrice + o.characterPrice;
      const [revenue] = goodsRevenueNet(
        {
          goods: [{ unitPrice, quantity: o.quantity }],
          discount: o.discount + o.offerDiscount,
          deliveryFee: o.deliveryFee,
          codFee: o.codFee,
          refunded: refundedOf(o, refunded.get(o.id) ?? 0),
        },
        basis,
      );
      const { unit, problem } = await customUnitCost(o, ctx);
      const label = `Custom sign "${o.customText}" (${customSizeLabel(o.size)})`;
      const lines = [lineOf(label, o.quantity, revenue!, unit, problem)];
      return { lines, total: totalOf(lines), basis };
    }),
  );
}

async function readyCosts(rows: OrderRow[], ctx: CostContext): Promise<OrderCost[]> {
  const ids = rows.map((o) => o.id);
  if (ids.length === 0) return [];
  const [items, refunded] = await Promise.all([
    db()
      .select({ item: orderItems, facts: products.facts })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
    refundsOf("order", ids),
  ]);
  return rows.map((o) => {
    const mine = items.filter((r) => r.item.orderId === o.id);
    const basis = taxBasisOf(ctx.shop, deliveryOf(o.shippingAddress));
    const revenues = goodsRevenueNet(
      {
        goods: mine.map((r) => ({ unitPrice: r.item.price, quantity: r.item.quantity })),
        discount: o.discount + o.offerDiscount,
        deliveryFee: o.deliveryFee,
        codFee: o.codFee,
        refunded: refundedOf(o, refunded.get(o.id) ?? 0),
      },
      basis,
    );
    const lines = mine.map((r, i) => {
      const size = (r.item.productConfig as ProductConfig).size;
      const label = `${r.item.productName} (${size}, ${(r.item.productConfig as ProductConfig).color})`;
      return lineOf(label, r.item.quantity, revenues[i]!, readyUnitCost(r.item, r.facts, ctx), null);
    });
    return { lines, total: totalOf(lines), basis };
  });
}

/** One order's cost and margin (the order dialog), or null when there is no such order. */
export async function orderCost(kind: OrderKind, id: string): Promise<OrderCost | null> {
  const ctx = await costContext();
  if (kind === "custom") {
    const rows = await db().select().from(customNeonOrders).where(eq(customNeonOrders.id, id));
    return rows.length ? (await customCosts(rows, ctx))[0]! : null;
  }
  const rows = await db().select().from(orders).where(eq(orders.id, id));
  return rows.length ? (await readyCosts(rows, ctx))[0]! : null;
}

/** The gross margin of a set of orders: revenue without GST, cost and margin of the lines that could be costed. */
export type OrdersMargin = Margin & {
  orders: number;
  /** Custom signs left out because their design could not be measured. */
  unmeasured: number;
};

/** The gross margin of these orders (the dashboard passes those that brought money in over its period). */
export async function ordersMargin(targets: { kind: OrderKind; id: string }[]): Promise<OrdersMargin> {
  const ctx = await costContext();
  const ids = (kind: OrderKind) => targets.filter((t) => t.kind === kind).map((t) => t.id);
  const chunks = <T>(xs: T[]) =>
    Array.from({ length: Math.ceil(xs.length / 500) }, (_, i) => xs.slice(i * 500, i * 500 + 500));
  const costs: OrderCost[] = [];
  for (const part of chunks(ids("custom"))) {
    const rows = await db().select().from(customNeonOrders).where(inArray(customNeonOrders.id, part));
    costs.push(...(await customCosts(rows, ctx)));
  }
  for (const part of chunks(ids("order"))) {
    const rows = await db().select().from(orders).where(inArray(orders.id, part));
    costs.push(...(await readyCosts(rows, ctx)));
  }
  const lines = costs.flatMap((c) => c.lines);
  const costed = lines.filter((l) => l.margin);
  return {
    ...marginOf(
      costed.reduce((n, l) => n + l.revenue, 0),
      costed.reduce((n, l) => n + l.margin!.cost, 0),
    ),
    orders: costs.length,
    unmeasured: lines.length - costed.length,
  };
}
