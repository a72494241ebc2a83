import { Loader2 } from "lucide-react";
import { Button } from "~/ui/button";
import { cn } from "~/ui/utils";
import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";

/**
 * The checkout's submit button ("Pay Now" or "Place Order", "Processing..." while the order is placed) and,
 * with the test gateway, the note that no real money is charged. The checkout and a logo quote's page.
 */
export function PlaceOrderButton({
  busy,
  method,
  testGateway,
  form,
  className,
  noteClassName,
}: {
  busy: boolean;
  method: PaymentMethodId;
  testGateway: boolean;
  /** The form it submits when it stands outside it (the checkout's summary). */
  form?: string;
  className?: string;
  noteClassName?: string;
}) {
  return (
    <>
      <Button type="submit" form={form} size="lg" className={className} disabled={busy}>
        {busy ? (
          <>
            <Loader2 className="animate-spin" aria-hidden /> Processing...
          </>
        ) : method === "razorpay" ? (
          "Pay Now"
        ) : (
          "Place Order"
        )}
      </Button>
      {method === "razorpay" && testGateway ? (
        <p className={cn("text-xs text-muted-foreground", noteClassName)}>
          Test payment: no real money is charged in this shop.
        </p>
      ) : null}
      <p className={cn("text-xs text-muted-foreground", noteClassName)}>
        We use your details to deliver your order:{" "}
        <a href="/privacy-policy#notice" className="underline underline-offset-2">
          privacy notice
        </a>
        .
      </p>
    </>
  );
}
