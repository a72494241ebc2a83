import { eq } from "drizzle-orm";
import type { Tx } from "~/platform/db/client.server";
import type { PlaceOrderRequest } from "~/features/checkout/checkout";
import {
  priceCheckout,
  type PricedCustomLine,
  type PricedProductLine,
  type Reductions,
} from "~/features/checkout/order-pricing";
import { shippingChoice } from "~/features/checkout/place-order-checks";
import { planRefusal } from "~/features/checkout/place-order-rules";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import type { PayLinkCodOrder, PayLinkCodPlan } from "~/features/payments/tables.server";
import { storeSettings, type shopSettings } from "~/features/settings/store-settings.server";

/**
 * The pay link's cash-on-delivery price (issue 46, decision 067), fixed when the link is made: the same lines and
 * reductions priced for COD (its charge, no online-payment discount), each order's amounts by id; null when the
 * shop's rules want this order paid online (the owner's prepaid rules, the order ceiling, or a courier that does
 * not collect cash at the PIN: `codByCourier`).
 */
export async function codPlanFor(
  tx: Tx,
  checkoutId: string,
  p: {
    req: PlaceOrderRequest;
    priced: PricedProductLine[];
    customs: PricedCustomLine[];
    reductions: Reductions;
    settings: Awaited<ReturnType<typeof shopSettings>>;
    codByCourier: boolean;
  },
): Promise<PayLinkCodPlan | null> {
  if (!p.codByCourier) return null;
  const form = { ...p.req.form, paymentMethod: "cod" as const };
  const outcome = priceCheckout(
    p.priced,
    p.customs,
    shippingChoice(form),
    p.settings.shipping,
    p.reductions,
    0,
  );
  if (!outcome.ok) return null;
  const plan = outcome.plan;
  const refused = planRefusal({
    paymentMethod: "cod",
    plan,
    custom: p.customs.length > 0,
    pincode: form.pincode,
    limits: p.settings.limits,
    prepaidRules: p.settings.prepaid,
    riskHistory: null,
    contact: storeSettings(),
  });
  if (refused) return null;
  const out: PayLinkCodOrder[] = [];
  const names = (offerDiscount: number) => (offerDiscount > 0 ? plan.offerNames : null);
  if (plan.regular) {
    const [o] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
    const r = plan.regular;
    out.push({ kind: "order", id: o!.id, ...amounts(r), offerNames: names(r.offerDiscount) });
  }
  // The custom orders as written (writeOrders, one per custom line): matched to their lines by design.
  const rows = await tx
    .select({
      id: customNeonOrders.id,
      text: customNeonOrders.customText,
      font: customNeonOrders.fontStyle,
      color: customNeonOrders.neonColor,
      size: customNeonOrders.size,
      hasDimmer: customNeonOrders.hasDimmer,
      backingShape: customNeonOrders.backingShape,
      quantity: customNeonOrders.quantity,
    })
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, checkoutId));
  const used = new Set<string>();
  for (const c of plan.custom) {
    const d = c.line.design;
    const row = rows.find(
      (r) =>
        !used.has(r.id) &&
        r.text === d.text &&
        r.font === d.font &&
        r.color === d.color &&
        r.size === d.size &&
        r.hasDimmer === d.hasDimmer &&
        r.backingShape === d.backingShape &&
        r.quantity === c.line.quantity,
    );
    if (!row) return null;
    used.add(row.id);
    out.push({ kind: "custom", id: row.id, ...amounts(c), offerNames: names(c.offerDiscount) });
  }
  return { total: plan.totalAmount, orders: out };
}

const amounts = (a: { deliveryFee: number; codFee: number; offerDiscount: number; totalAmount: number }) => ({
  deliveryFee: a.deliveryFee,
  codFee: a.codFee,
  offerDiscount: a.offerDiscount,
  totalAmount: a.totalAmount,
});
