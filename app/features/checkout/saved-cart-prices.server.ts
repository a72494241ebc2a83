import type { CartItem } from "~/features/cart/cart";
import { measuredDesignChecks } from "~/features/customizer/measured-checks.server";
import type { SavedLine } from "~/features/cart/saved-lines";
import { db } from "~/platform/db/client.server";
import {
  priceCustomLines,
  priceProductLines,
  requestedLines,
  type RequestedCustomLine,
  type RequestedProductLine,
} from "./order-pricing";
import { readProducts } from "./records.server";

/**
 * A cart kept for later (abandoned-checkout reminders, issue 30) as the shop would sell it now: each ready-made
 * line named and priced from the catalogue, each custom sign priced by the customiser's rules and named by its
 * text; lines that could not be ordered (gone, changed, out of stock, not a valid design) are left out. The
 * browser's names and prices are never kept, so a reminder mail says only what the shop says.
 */
export async function priceSavedCart(items: readonly SavedLine[]): Promise<SavedLine[]> {
  // Only what pricing reads (ids, kinds, choices, designs); the picture is not looked at.
  const { lines } = requestedLines(
    items.map((i) => ({ ...i, image: "" }) as CartItem),
    measuredDesignChecks,
  );
  const products = lines.filter((l): l is RequestedProductLine => l.kind === "product");
  const { priced } = priceProductLines(
    products,
    await readProducts(
      db(),
      products.map((l) => l.productId),
    ),
  );
  const customs = priceCustomLines(lines.filter((l): l is RequestedCustomLine => l.kind === "custom"));
  const byId = new Map<string, { name: string; price: number }>();
  for (const l of priced) byId.set(l.cartId, { name: l.name, price: l.unitPrice });
  for (const l of customs)
    byId.set(l.cartId, { name: `Custom Neon: "${l.design.text}"`, price: l.unitPrice });
  return items.flatMap((i) => {
    const p = byId.get(i.id);
    return p ? [{ ...i, name: p.name, price: p.price }] : [];
  });
}
