import type { CartItem } from "~/domain/cart";
import {
  planCheckout,
  priceCustomLines,
  priceProductLines,
  requestedLines,
  type RequestedCustomLine,
  type RequestedProductLine,
} from "~/domain/order-pricing";
import { db } from "../db/client.server";
import { readProducts } from "./records.server";

export type QuoteLine = { id: string; name: string; unitPrice: number; quantity: number; lineTotal: number };
export type Quote = {
  lines: QuoteLine[];
  subtotal: number;
  deliveryFee: number;
  totalAmount: number;
  lineErrors: string[];
};

/** The checkout page's summary as the server will charge it (no locks, nothing written). */
export async function quoteCart(items: CartItem[]): Promise<Quote> {
  const { lines, errors } = requestedLines(items);
  const productLines = lines.filter((l): l is RequestedProductLine => l.kind === "product");
  const ids = [...new Set(productLines.map((l) => l.productId))];
  const { priced, errors: lineErrors } = priceProductLines(productLines, await readProducts(db(), ids));
  const customs = priceCustomLines(lines.filter((l): l is RequestedCustomLine => l.kind === "custom"));
  const plan = planCheckout(priced, customs);
  const byCartId = new Map<string, QuoteLine>();
  for (const p of priced)
    byCartId.set(p.cartId, {
      id: p.cartId,
      name: p.name,
      unitPrice: p.unitPrice,
      quantity: p.quantity,
      lineTotal: p.lineTotal,
    });
  for (const c of customs)
    byCartId.set(c.cartId, {
      id: c.cartId,
      name: c.label,
      unitPrice: c.unitPrice,
      quantity: c.quantity,
      lineTotal: c.lineTotal,
    });
  const out = items.flatMap((i) => byCartId.get(i.id) ?? []);
  return {
    lines: out,
    subtotal: plan.subtotal,
    deliveryFee: plan.deliveryFee,
    totalAmount: plan.totalAmount,
    lineErrors: [...errors, ...lineErrors],
  };
}
