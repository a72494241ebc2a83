import {
  formatSizeCm,
  PLACEMENTS,
  productFacts,
  type ProductFacts,
  type ShopFactDefaults,
} from "~/features/catalog/product-facts";
import { PRODUCT_SIZES, type ProductSizeId } from "~/features/sign-options/product-options";
import { whatsappHref, type StoreSettings } from "~/features/settings/store";
import { MessageCircle } from "~/ui/icons";

/**
 * What a buyer needs to know before ordering, and the package declarations of the Legal Metrology rules
 * (issues 27 and 32): server-rendered, no script. The size row lists every offered size in cm, the chosen
 * one first-marked; the manufacturer/packer and consumer care are the shop's own details.
 */
export function ProductFactsSection({
  facts: own,
  defaults,
  sizes,
  chosen,
  store,
}: {
  facts: ProductFacts;
  /** The shop's facts from the settings. */
  defaults: ShopFactDefaults;
  sizes: { id: ProductSizeId; label: string }[];
  chosen: ProductSizeId | undefined;
  store: Pick<StoreSettings, "legalName" | "address" | "phone" | "email"> | null;
}) {
  const f = productFacts(own, defaults);
  const rows: [string, React.ReactNode][] = [
    [
      "Size (width × height)",
      <ul key="sizes" className="space-y-0.5">
        {PRODUCT_SIZES.filter((s) => sizes.some((o) => o.id === s.id)).map((s) => (
          <li key={s.id} className={s.id === chosen ? "font-semibold text-foreground" : undefined}>
            {s.label}: {formatSizeCm(f.sizesCm[s.id])}
            {s.id === chosen ? <span className="sr-only"> (chosen)</span> : null}
          </li>
        ))}
      </ul>,
    ],
    ["Weight", f.weight],
    ["Power draw", f.power],
    ["Adaptor and plug", f.adaptor],
    ["Where it may hang", PLACEMENTS.find((p) => p.id === f.placement)?.label ?? f.placement],
    ["In the box", f.inTheBox],
    ["Warranty", f.warranty],
    ["Generic name", f.genericName],
    ["Net quantity", f.netQuantity],
    ["Country of origin", f.countryOfOrigin],
  ];
  if (store) {
    rows.push(["Manufacturer and packer", `${store.legalName}, ${store.address}`]);
    rows.push(["Consumer care", `${store.phone} · ${store.email}`]);
  }
  return (
    <section aria-labelledby="facts-heading" className="space-y-3">
      <h2 id="facts-heading" className="text-xl font-bold">
        Product facts
      </h2>
      <dl className="divide-y rounded-lg border text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium">{term}</dt>
            <dd className="text-muted-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "Ask us about this sign" on WhatsApp, with the product's name and page in the message. */
export function AskOnWhatsApp({ whatsapp, name, url }: { whatsapp: string; name: string; url: string }) {
  return (
    <a
      href={whatsappHref(whatsapp, `Hi! I have a question about "${name}": ${url}`)}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-md border border-emerald-600 px-4 text-sm font-semibold text-emerald-400 hover:bg-emerald-950"
    >
      <MessageCircle className="size-4" aria-hidden />
      Ask us about this sign
    </a>
  );
}
