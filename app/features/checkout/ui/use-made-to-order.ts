import { useEffect, useState } from "react";
import type { CartItem } from "~/features/cart/cart";
import { fetchQuote } from "./use-checkout-quote";

/**
 * The business days each cart line's making adds (made to order: stock short of the quantity), as the
 * checkout's quote says, for the cart drawer while it is open: line id → days (lines in stock are absent).
 * The same server source as the checkout summary, asked again when the cart changes.
 */
export function useMadeToOrderDays(items: CartItem[], open: boolean): Map<string, number> {
  const [days, setDays] = useState<{ key: string; byLine: Map<string, number> } | null>(null);
  const products = items.filter((i) => i.type === "product");
  const key = JSON.stringify(products.map((i) => [i.id, i.quantity]));
  useEffect(() => {
    if (!open || products.length === 0) return;
    const ctrl = new AbortController();
    fetchQuote(items, undefined, ctrl.signal)
      .then((q) => {
        if (!q || ctrl.signal.aborted) return;
        const byLine = new Map<string, number>();
        for (const l of q.lines) if (l.extraDays) byLine.set(l.id, l.extraDays);
        setDays({ key, byLine });
      })
      .catch(() => undefined);
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, key]);
  return days && days.key === key ? days.byLine : new Map();
}
