import type { ShopSettings } from "~/features/settings/shop-settings";
import { formatPhone } from "~/shared/phone-numbers";

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
    consumerCare: `${formatPhone(s.store.phone)} · ${s.store.email}`,
  };
}

/**
 * The country of origin of an order's goods: the shop's default unless a product says its own; one country
 * when all agree, else each with the goods it applies to ("India (Good Vibes Neon), China (Moon Lamp)"), the
 * default first.
 */
export function originOf(defaultOrigin: string, lines: { name: string; origin?: string | null }[]): string {
  const byOrigin = new Map<string, string[]>();
  for (const l of lines) {
    const o = l.origin?.trim() || defaultOrigin;
    byOrigin.set(o, [...(byOrigin.get(o) ?? []), l.name]);
  }
  if (byOrigin.size <= 1) return [...byOrigin.keys()][0] ?? defaultOrigin;
  // The default first, then the others by name, each with its goods by name: the same words every time.
  return [...byOrigin]
    .sort(([a], [b]) => (a === defaultOrigin ? -1 : b === defaultOrigin ? 1 : a.localeCompare(b)))
    .map(([o, names]) => `${o} (${[...new Set(names)].sort().join(", ")})`)
    .join(", ");
}

/** The declarations as printed lines ("Manufacturer and packer: ..."). */
export function declarationLines(d: Declarations): string[] {
  return [
    `Manufacturer and packer: ${d.manufacturer}`,
    `Country of origin: ${d.origin}`,
    `Consumer care: ${d.consumerCare}`,
  ];
}
