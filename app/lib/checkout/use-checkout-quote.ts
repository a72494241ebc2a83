import { useEffect, useState } from "react";
import type { CartItem } from "~/domain/cart";
import { postJson, type Post, type Quote } from "./checkout-api";

/** The cart as the quote endpoint reads it: the server prices it, so pictures and previews stay home. */
export function quoteRequest(items: CartItem[]) {
  return {
    items: items.map((i) => ({
      ...i,
      image: "",
      customConfig: i.customConfig ? { ...i.customConfig, previewImageUrl: undefined } : undefined,
    })),
  };
}

/** Ask the server for the cart's price; null when it cannot answer (the page then shows the cart's own sums). */
export async function fetchQuote(
  items: CartItem[],
  post: Post = postJson,
  signal?: AbortSignal,
): Promise<Quote | null> {
  const r = await post("/api/checkout/quote", quoteRequest(items), signal);
  return r.status === 200 ? (r.data as unknown as Quote) : null;
}

/**
 * The summary as the server will charge it: the cart re-priced from the database, 150 ms after the
 * cart last changed. Line problems (gone, short of stock) come with it.
 */
export function useCheckoutQuote(items: CartItem[], hydrated: boolean) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  const itemsKey = JSON.stringify(items.map((i) => [i.id, i.quantity, i.price]));
  useEffect(() => {
    if (!hydrated || items.length === 0) return;
    const ctrl = new AbortController();
    const t = window.setTimeout(() => {
      fetchQuote(items, postJson, ctrl.signal)
        .then((q) => {
          if (q) {
            setQuote(q);
            setLineErrors(q.lineErrors);
          }
        })
        .catch(() => undefined);
    }, 150);
    return () => {
      ctrl.abort();
      window.clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, itemsKey]);
  const current = quote && quote.lines.length === items.length ? quote : null;
  return { quote: current, lineErrors, setLineErrors };
}
