import type { ShopSettings } from "~/features/settings/shop-settings";

/*
 * The package declarations a buyer must find again after the sale (Legal Metrology (Packaged Commodities)
 * Rules, 2011, rule 6; issue 32): who made and packed the goods, the country of origin and consumer care.
 * The shop makes and packs its own signs, so the manufacturer and packer is the shop's legal name and
 * address. One home for the words, used by the invoices and the shopper's order page.
 */

export type Declarations = { manufacturer: string; origin: string; consumerCare: string };

export function shopDeclarations(s: Pick<ShopSettings, "legal" | "store" | "productFacts">): Declarations {
  return {
    manufacturer: `${s.legal.legalName}, ${s.store.address}`,
    origin: s.productFacts.countryOfOrigin,
    consumerCare: `${s.store.phone} · ${s.store.email}`,
  };
}

/** The declarations as printed lines ("Manufacturer and packer: ..."). */
export function declarationLines(d: Declarations): string[] {
  return [
    `Manufacturer and packer: ${d.manufacturer}`,
    `Country of origin: ${d.origin}`,
    `Consumer care: ${d.consumerCare}`,
  ];
}
