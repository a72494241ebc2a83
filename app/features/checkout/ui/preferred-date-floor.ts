import { useEffect } from "react";
import { setDeliveryEstimate } from "~/features/checkout/ui/checkout-checks";

type Option = { method: string; from: string; to: string };

/**
 * The earliest preferred delivery date the checkout offers (issue 42: one set of dates): the later of the
 * spec's today + 7 days and the first day of the chosen delivery's estimate, so the date box and its message
 * agree with "Estimated delivery" beside them. The form's check learns the estimate too.
 */
export function usePreferredDateFloor(options: readonly Option[], method: string, specMin: string): string {
  const chosen = options.find((o) => o.method === method);
  const from = chosen?.from ?? null;
  const to = chosen?.to ?? null;
  useEffect(() => {
    setDeliveryEstimate(from && to ? { from, to } : null);
    return () => setDeliveryEstimate(null);
  }, [from, to]);
  return from && from > specMin ? from : specMin;
}
