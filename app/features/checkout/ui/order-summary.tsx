import { Loader2 } from "lucide-react";
import { Card, CardContent, CardHeader } from "~/ui/card";
import type { CartItem } from "~/features/cart/cart";
import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";
import {
  describeCustomSign,
  describeProductConfig,
  lineSummary,
} from "~/features/sign-options/line-description";
import { formatRupees } from "~/shared/money";
import { chargeLines, type ChargeSummary } from "~/features/checkout/order-charges";
import type { Quote } from "~/features/checkout/quote.server";
import { cn } from "~/ui/utils";
import { madeToOrderText } from "~/features/catalog/product-facts";
import { LinePicture } from "./line-picture";
import { PlaceOrderButton } from "./place-order-button";

/** The line's choices in words (the same words as the cart drawer, admin and e-mails). */
function lineDetails(item: CartItem): string {
  if (item.type === "custom" && item.customConfig) return lineSummary(describeCustomSign(item.customConfig));
  return item.productConfig ? lineSummary(describeProductConfig(item.productConfig)) : "";
}

type Props = {
  items: CartItem[];
  quote: Quote | null;
  charges: ChargeSummary;
  lineErrors: string[];
  busy: boolean;
  method: PaymentMethodId;
  testGateway: boolean;
  /** The discount code box (between the lines and the totals). */
  discountBox?: React.ReactNode;
};

/** The checkout's Order Summary: lines priced by the server, problems, totals and the submit button. */
export function OrderSummary({
  items,
  quote,
  charges,
  lineErrors,
  busy,
  method,
  testGateway,
  discountBox,
}: Props) {
  return (
    <SummaryFrame contentClassName="space-y-4">
      <ul className="space-y-3" aria-label="Order items">
        {items.map((item) => {
          const q = quote?.lines.find((l) => l.id === item.id);
          const unit = q?.unitPrice ?? item.price;
          return (
            <li key={item.id} className="flex gap-3">
              <LinePicture item={item} px={56} className="size-14" />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium">{q?.name ?? item.name}</p>
                <p className="text-xs text-muted-foreground">{lineDetails(item)}</p>
                <p className="text-xs text-muted-foreground">
                  Qty: {item.quantity} × {formatRupees(unit)}
                </p>
                {q?.extraDays ? (
                  <p className="text-xs text-amber-300">
                    {madeToOrderText(q.extraDays)} (in the dates below)
                  </p>
                ) : null}
              </div>
              <span className="text-sm font-semibold">{formatRupees(unit * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      {lineErrors.length > 0 ? (
        <div
          role="alert"
          className="space-y-1 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive"
        >
          {lineErrors.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      {discountBox}
      <dl className="space-y-2 border-t pt-4 text-sm">
        {chargeLines(charges).map((c) =>
          c.kind === "total" ? (
            <div key={c.label} className="flex justify-between border-t pt-2 text-lg font-bold">
              <dt>{c.label}</dt>
              <dd data-testid="order-total">{c.value}</dd>
            </div>
          ) : (
            <div
              key={c.label}
              className={cn("flex justify-between", c.kind === "discount" && "text-green-400")}
            >
              <dt>{c.label}</dt>
              <dd>{c.value}</dd>
            </div>
          ),
        )}
      </dl>
      <PlaceOrderButton
        busy={busy}
        method={method}
        testGateway={testGateway}
        form="checkout-form"
        className="w-full"
        noteClassName="text-center"
      />
    </SummaryFrame>
  );
}

/**
 * The summary's place while the page starts (the cart is read from this browser once the page's script runs):
 * the server draws the form at once, so the first paint is the page and not a spinner.
 */
export function OrderSummaryLoading() {
  return (
    <SummaryFrame contentClassName="flex min-h-48 items-start text-sm text-muted-foreground">
      <Loader2 className="mr-2 size-4 animate-spin" aria-hidden /> Loading your cart...
    </SummaryFrame>
  );
}

/** The summary's frame: the sticky card with its heading, around the lines (or the loading note). */
function SummaryFrame({
  contentClassName,
  children,
}: {
  contentClassName: string;
  children: React.ReactNode;
}) {
  return (
    <aside aria-labelledby="summary-heading" className="lg:sticky lg:top-24 lg:self-start">
      <Card>
        <CardHeader>
          <h2 id="summary-heading" className="text-lg font-semibold leading-none tracking-tight">
            Order Summary
          </h2>
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </aside>
  );
}
