import { asc } from "drizzle-orm";
import { productFacts } from "~/features/catalog/product-facts";
import { products } from "~/features/catalog/tables.server";
import { PRODUCT_SIZES, type ProductSizeId } from "~/features/sign-options/product-options";
import { db } from "~/platform/db/client.server";
import {
  domesticBasis,
  marginOf,
  priceWithoutGst,
  readyMadeCost,
  type MakingCost,
  type Margin,
} from "./costs";
import { costContext } from "./cost-context.server";

/*
 * Every ready-made product's cost of making and margin per size (issue 44): its price per size without GST less
 * the cost from its stored width × height and the workshop settings' LED metres for the size, in the colour of
 * its photos, without the dimmer (an add-on with its own price).
 */

export type SizeCost = {
  size: ProductSizeId;
  label: string;
  price: number;
  cost: MakingCost;
  margin: Margin;
};
export type ProductCosts = { id: string; name: string; color: string; isActive: boolean; sizes: SizeCost[] };

const PRICE_OF = {
  S: "smallPrice",
  M: "mediumPrice",
  L: "largePrice",
  XL: "extraLargePrice",
} as const satisfies Record<ProductSizeId, string>;

export async function productCosts(): Promise<{
  products: ProductCosts[];
  taxEstimated: boolean;
  gstRate: number;
}> {
  const ctx = await costContext();
  const basis = domesticBasis(ctx.shop);
  const rows = await db()
    .select({
      id: products.id,
      name: products.name,
      color: products.defaultColor,
      isActive: products.isActive,
      facts: products.facts,
      smallPrice: products.smallPrice,
      mediumPrice: products.mediumPrice,
      largePrice: products.largePrice,
      extraLargePrice: products.extraLargePrice,
    })
    .from(products)
    .orderBy(asc(products.name), asc(products.id));
  return {
    taxEstimated: basis.estimated,
    gstRate: basis.ratePercent,
    products: rows.map((p) => {
      const sizesCm = productFacts(p.facts).sizesCm;
      const sizes = PRODUCT_SIZES.flatMap((s): SizeCost[] => {
        const price = p[PRICE_OF[s.id]];
        if (price === null) return [];
        const cost = readyMadeCost(
          { size: s.id, sizeCm: sizesCm[s.id], color: p.color, dimmer: false },
          ctx.workshop,
        );
        return [
          {
            size: s.id,
            label: s.label,
            price,
            cost,
            margin: marginOf(priceWithoutGst(price, basis), cost.total),
          },
        ];
      });
      return { id: p.id, name: p.name, color: p.color, isActive: p.isActive, sizes };
    }),
  };
}
