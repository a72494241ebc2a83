import type { CartItem } from "~/features/cart/cart";
import { cartSummary } from "~/features/checkout/order-amounts";
import type { ChargeSummary } from "~/features/checkout/order-charges";
import type { DomesticMethod } from "~/features/checkout/shipping";
import { useCheckoutQuote, type QuoteChoice } from "~/features/checkout/ui/use-checkout-quote";
import type { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import type { CountryCode } from "~/shared/countries";
import { formatRupees } from "~/shared/money";

/**
 * The checkout's charges for the shopper's choice: the server's quote, or until it arrives the same rules
 * applied to the cart's own prices; the delivery options, the courier's word on the PIN and the owner's
 * cash-on-delivery rules, and the delivery method the order will really have.
 */
export function useCheckoutCharges(
  items: CartItem[],
  hydrated: boolean,
  choice: QuoteChoice & { country: CountryCode },
  settings: ReturnType<typeof useShopSettings>,
) {
  const { country, pincode: pin, shippingMethod, paymentMethod: method } = choice;
  const abroad = country !== "IN";
  const { quote, lineErrors, setLineErrors } = useCheckoutQuote(items, hydrated, choice, settings?.version);
  // Until the server's quote arrives: the same rules applied to the cart's own prices.
  const local = settings
    ? cartSummary(items, settings.shipping, {
        dest: { country, pincode: pin },
        method: shippingMethod,
        paymentMethod: method,
      })
    : null;
  const summary: ChargeSummary | null = quote
    ? {
        ...quote,
        discount: quote.discount?.amount ?? 0,
        discountCode: quote.discount?.code ?? null,
        offerDiscount: quote.offers?.amount ?? 0,
        offerNames: quote.offers?.names ?? null,
      }
    : local;
  const options = quote?.options ?? local?.options ?? [];
  // The courier's word on this PIN (null: no courier API, or no PIN yet).
  const pinDelivery =
    !abroad && pin !== "" && quote?.delivery?.serviceable !== undefined ? quote.delivery : null;
  // The owner's "pay online only" rules (issue 30), said by the server's quote before the shopper chooses.
  const codRule = quote?.codRefusal ?? null;
  const noCod = (pinDelivery?.serviceable === true && !pinDelivery.cod) || codRule !== null;
  // Express to a PIN it does not reach falls back to standard (the server would refuse it).
  const effectiveShipping = options.some((o) => o.method === shippingMethod) ? shippingMethod : "standard";
  return {
    quote,
    lineErrors,
    setLineErrors,
    summary,
    options,
    pinDelivery,
    codRule,
    noCod,
    effectiveShipping,
  };
}

/** "Add ₹X more for free standard delivery": the threshold counts the goods after the discount, as the server does. */
export function freeDeliveryHint(
  freeFrom: number | null,
  summary: ChargeSummary,
  shippingMethod: DomesticMethod,
): string | null {
  const goods = summary.subtotal - (summary.discount ?? 0) - (summary.offerDiscount ?? 0);
  return freeFrom !== null && shippingMethod === "standard" && goods < freeFrom
    ? `Add ${formatRupees(freeFrom - goods)} more for free standard delivery (free from ${formatRupees(freeFrom)}).`
    : null;
}
