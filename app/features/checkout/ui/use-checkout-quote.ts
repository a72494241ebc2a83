import { useEffect, useState } from "react";
import type { CartItem } from "~/features/cart/cart";
import type { PaymentMethodId } from "~/features/order-lifecycle/order-status";
import type { CountryCode } from "~/shared/countries";
import type { DomesticMethod } from "~/features/checkout/shipping";
import type { Quote } from "~/features/checkout/quote.server";
import { postJson, type Post } from "./checkout-api";

/** What the shopper chose so far that changes the charges: where to, how fast, how paid. */
export type QuoteChoice = {
  country?: CountryCode;
  pincode: string;
  shippingMethod: DomesticMethod;
  paymentMethod: PaymentMethodId;
  /** The applied discount code, and the shopper's phone and email once complete (its uses per shopper). */
  discountCode?: string | null;
  phone?: string;
  email?: string;
  /** The owner refuses cash on delivery from an RTO risk level: the quote reads the contact and address. */
  riskCheck?: boolean;
  address1?: string;
};

/** The contact goes with the quote only when it is needed: a code's uses per shopper, or the risk rule. */
const sendsContact = (c: QuoteChoice) => Boolean(c.discountCode) || Boolean(c.riskCheck);

/** The cart as the quote endpoint reads it: the server prices it, so pictures and previews stay home. */
export function quoteRequest(items: CartItem[], choice?: QuoteChoice) {
  return {
    items: items.map((i) => ({
      ...i,
      image: "",
      customConfig: i.customConfig ? { ...i.customConfig, previewImageUrl: undefined } : undefined,
    })),
    ...(choice
      ? {
          pincode: choice.pincode || undefined,
          country: choice.country ?? "IN",
          shippingMethod: choice.shippingMethod,
          paymentMethod: choice.paymentMethod,
          discountCode: choice.discountCode || undefined,
          phone: sendsContact(choice) ? choice.phone || undefined : undefined,
          email: sendsContact(choice) ? choice.email || undefined : undefined,
          address1: choice.riskCheck ? choice.address1 || undefined : undefined,
        }
      : {}),
  };
}

/** Ask the server for the cart's price; null when it cannot answer (the page then shows the cart's own sums). */
export async function fetchQuote(
  items: CartItem[],
  post: Post = postJson,
  signal?: AbortSignal,
  choice?: QuoteChoice,
): Promise<Quote | null> {
  const r = await post("/api/checkout/quote", quoteRequest(items, choice), signal);
  // A body cut short (the request was aborted while it was read) reads as no answer.
  return r.status === 200 && Array.isArray(r.data.lineErrors) && Array.isArray(r.data.lines)
    ? (r.data as unknown as Quote)
    : null;
}

/**
 * The summary as the server will charge it: the cart re-priced from the database with the delivery and
 * payment charges of the shopper's choice, 150 ms after the cart or the choice last changed (or the shop's
 * settings, `settingsVersion`). Line problems (gone, short of stock) come with it.
 */
export function useCheckoutQuote(
  items: CartItem[],
  hydrated: boolean,
  choice: QuoteChoice,
  settingsVersion = "",
) {
  const [quote, setQuote] = useState<{ key: string; quote: Quote } | null>(null);
  // The quote's line problems, and the last submission's (kept when a later quote arrives: a refusal such as
  // "too many attempts" stays readable until the shopper submits again).
  const [quoteErrors, setQuoteErrors] = useState<string[]>([]);
  const [submitErrors, setSubmitErrors] = useState<string[]>([]);
  const itemsKey = JSON.stringify([
    items.map((i) => [i.id, i.quantity, i.price]),
    choice.country ?? "IN",
    choice.pincode,
    choice.shippingMethod,
    choice.paymentMethod,
    choice.discountCode ?? "",
    sendsContact(choice) ? (choice.phone ?? "") : "",
    sendsContact(choice) ? (choice.email ?? "") : "",
    choice.riskCheck ? (choice.address1 ?? "") : "",
    settingsVersion,
  ]);
  useEffect(() => {
    if (!hydrated || items.length === 0) return;
    const ctrl = new AbortController();
    const t = window.setTimeout(() => {
      fetchQuote(items, postJson, ctrl.signal, choice)
        .then((q) => {
          // A newer cart or choice superseded this request: its answer is not shown.
          if (q && !ctrl.signal.aborted) {
            setQuote({ key: itemsKey, quote: q });
            setQuoteErrors(q.lineErrors);
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
  // A quote for another cart or choice is not shown (the page shows its own estimate until the new one).
  const current = quote && quote.key === itemsKey ? quote.quote : null;
  const lineErrors = [...new Set([...submitErrors, ...quoteErrors])];
  return { quote: current, lineErrors, setLineErrors: setSubmitErrors };
}
