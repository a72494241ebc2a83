import { formatRupees } from "~/shared/money";
import type { ChargeLine } from "~/features/checkout/order-charges";
import type { ShopperLine } from "~/features/order-page/shopper-order.server";

/** The order's items with their pictures and options, then each charge of the total. */
export function OrderLines({ lines, charges }: { lines: ShopperLine[]; charges: ChargeLine[] }) {
  return (
    <div className="space-y-4">
      <ul className="divide-y" aria-label="Items">
        {lines.map((l, i) => (
          <li key={i} className="flex gap-3 py-3 first:pt-0">
            {l.image ? (
              <img
                src={l.image}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                className="size-18 shrink-0 rounded-md border bg-black object-cover"
              />
            ) : (
              <div aria-hidden className="size-18 shrink-0 rounded-md border bg-muted" />
            )}
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium break-words">{l.name}</p>
              <p className="text-sm text-muted-foreground">
                {l.details.map((d) => `${d.label}: ${d.value}`).join(" · ")}
              </p>
              <p className="text-sm">
                {l.quantity} × {formatRupees(l.unitPrice)}
              </p>
            </div>
            <p className="shrink-0 font-medium">{formatRupees(l.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t pt-3 text-sm" aria-label="Charges">
        {charges.map((c) => (
          <div
            key={c.label}
            className={
              c.kind === "total"
                ? "flex justify-between pt-1 text-base font-semibold"
                : "flex justify-between"
            }
          >
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
