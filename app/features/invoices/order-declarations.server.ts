import { eq } from "drizzle-orm";
import { originOf, shopDeclarations, type Declarations } from "~/features/settings/declarations";
import type { ShopSettings } from "~/features/settings/shop-settings";
import type { OrderKind } from "~/features/order-lifecycle/order-status";
import { db, type Tx } from "~/platform/db/client.server";
import { orderItems } from "~/features/order-lifecycle/tables.server";
import { products } from "~/features/catalog/tables.server";

/**
 * The declarations of one order's goods (issue 32): the shop as maker and packer, consumer care, and the
 * country of origin of its lines (a product's own, else the shop's default; custom signs are the shop's).
 * Frozen into new invoices and shown on the shopper's order page.
 */
export async function orderDeclarations(
  t: { kind: OrderKind; id: string },
  settings: ShopSettings,
  q: Tx | ReturnType<typeof db> = db(),
): Promise<Declarations> {
  const base = shopDeclarations(settings);
  if (t.kind === "custom") return base;
  const lines = await q
    .select({ name: orderItems.productName, facts: products.facts })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, t.id));
  return {
    ...base,
    origin: originOf(
      base.origin,
      lines.map((l) => ({ name: l.name, origin: l.facts?.countryOfOrigin })),
    ),
  };
}
