import { memo } from "react";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { PRICE_PER_EXTRA_CHARACTER, type CustomPrice, type Design } from "~/features/customizer/customizer";
import { formatRupees } from "~/shared/money";

/** The customiser's Price Breakdown card (memoised: the page passes it the deferred design and its price). */
export const PriceBreakdown = memo(function PriceBreakdown({
  design,
  size,
  price,
}: {
  design: Design;
  size: { label: string; widthCm: number };
  price: CustomPrice;
}) {
  return (
    <Card className="order-4">
      <CardHeader className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold leading-none tracking-tight">Price Breakdown</h2>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <dl className="space-y-2 text-sm" aria-label="Price Breakdown">
          <PriceLine label={`Base price (${size.label}, ${size.widthCm}cm)`} amount={price.basePrice} />
          <PriceLine
            label={`Extra characters (${price.extraCharacters} × ${formatRupees(PRICE_PER_EXTRA_CHARACTER)})`}
            amount={price.characterPrice}
          />
          {design.hasDimmer && <PriceLine label="Dimmer" amount={price.dimmerPrice} />}
          {design.backingShape === "rectangle" && (
            <PriceLine label="Rectangle backing" amount={price.backingPrice} />
          )}
          <div className="flex items-center justify-between border-t pt-3 text-lg font-bold">
            <dt>Total</dt>
            <dd className="text-primary">{formatRupees(price.total)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
});

function PriceLine({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{formatRupees(amount)}</dd>
    </div>
  );
}
