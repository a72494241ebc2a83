import { ChevronDown } from "~/ui/icons";
import { productFaq } from "~/features/catalog/product-faq";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";

/** The product page's questions and answers (native disclosures). */
export function ProductFaq() {
  const shipping = useShopSettings()?.shipping;
  if (!shipping) return null;
  return (
    <section aria-labelledby="faq-heading" className="space-y-4">
      <h2 id="faq-heading" className="text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      <div className="divide-y rounded-xl border">
        {productFaq(shipping).map((f) => (
          <details key={f.q} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
              {f.q}
              <ChevronDown
                className="size-4 shrink-0 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <p className="pt-3 text-sm text-muted-foreground">{f.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
