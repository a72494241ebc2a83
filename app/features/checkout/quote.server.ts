import type { CartItem } from "~/features/cart/cart";
import { measuredDesignChecks } from "~/features/customizer/measured-checks.server";
import type { QuoteRequest } from "./checkout";
import { normalizeIndianMobile } from "./checkout";
import { mailboxKey } from "~/shared/mail-safety";
import { tooManyCodesMessage } from "~/shared/rate-limits";
import {
  goodsSubtotal,
  onlineSaving,
  priceCheckout,
  priceCustomLines,
  priceProductLines,
  requestedLines,
  type RequestedCustomLine,
  type RequestedProductLine,
} from "./order-pricing";
import { deliveryDates, deliveryOptions } from "./shipping";
import { type ShippingMethod } from "~/features/order-lifecycle/order-status";
import { db } from "~/platform/db/client.server";
import { PINCODE_PATTERN } from "~/shared/countries";
import { courierEstimate } from "~/features/couriers/couriers.server";
import type { PinDelivery } from "~/features/couriers/courier-rules";
import { COD_UNAVAILABLE_MESSAGE } from "~/features/couriers/courier-messages";
import { pinPromise } from "~/features/couriers/pin-check.server";
import {
  prepaidOnlyReason,
  RISK_PREPAID_MESSAGE,
  riskRequiresPrepaid,
  type PrepaidRules,
} from "~/features/settings/cod-settings";
import { assessRtoRisk } from "~/features/cod-confirmation/rto-risk";
import { rtoFactsForCheckout } from "~/features/cod-confirmation/rto-risk.server";
import { addressKey } from "./order-limits";
import { shopSettings } from "~/features/settings/store-settings.server";
import { codeGuessWait, countCodeMiss } from "~/features/discount-codes/discount.server";
import { reductionsFor } from "./reductions.server";
import { readProducts } from "./records.server";

export type QuoteLine = {
  id: string;
  name: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** A made-to-order line short of stock: the business days its making adds to delivery. */
  extraDays?: number;
};
export type QuoteOption = {
  method: ShippingMethod;
  label: string;
  fee: number;
  daysMin: number;
  daysMax: number;
  /** Estimated delivery dates (YYYY-MM-DD) if ordered today. */
  from: string;
  to: string;
  /** The dates are the courier's for this PIN ("Get it by"), not the settings' window. */
  courier?: boolean;
};
export type Quote = {
  lines: QuoteLine[];
  subtotal: number;
  deliveryFee: number;
  codFee: number;
  totalAmount: number;
  /** The delivery method charged (the one asked for when it is offered, else standard). */
  shippingMethod: ShippingMethod;
  /** Every delivery option for the destination, with its fee and dates. */
  options: QuoteOption[];
  /** What automatic offers took off (null: none applies). */
  offers: { names: string; amount: number } | null;
  /** The discount code's amount (null: no code, or refused: see discountError). */
  discount: { code: string; amount: number } | null;
  discountError: string | null;
  /** Why the chosen method or payment cannot be used (e.g. express to a PIN it does not reach). */
  shippingError: { field: "shippingMethod" | "paymentMethod"; message: string } | null;
  lineErrors: string[];
  /**
   * What the courier says about the PIN (null: no PIN yet, abroad, or no courier API: the settings' dates);
   * "directory": India Post does not list the PIN, so nothing is promised (issue 42).
   */
  delivery: (PinDelivery & { source: "courier" | "directory" }) | null;
  /** Why this order must be paid online (the owner's rules, issue 30); null when cash on delivery is offered. */
  codRefusal: string | null;
  /** What paying online saves over cash on delivery: the COD charge and the online-payment discount. */
  onlineSaving: number;
};

/** The checkout page's summary as the server will charge it (no locks, nothing written). */
export async function quoteCart(req: QuoteRequest, client: { network?: string } = {}): Promise<Quote> {
  const items: CartItem[] = req.items;
  const { shipping: rules, prepaid } = await shopSettings();
  const { lines, errors } = requestedLines(items, measuredDesignChecks);
  const productLines = lines.filter((l): l is RequestedProductLine => l.kind === "product");
  const ids = [...new Set(productLines.map((l) => l.productId))];
  const { priced, errors: lineErrors } = priceProductLines(productLines, await readProducts(db(), ids));
  const customs = priceCustomLines(lines.filter((l): l is RequestedCustomLine => l.kind === "custom"));

  const phone = req.phone ? normalizeIndianMobile(req.phone) : null;
  const email = req.email ? mailboxKey(req.email) : undefined;
  // A client over its wrong-guess limits is told to wait, and the code is not looked at.
  const guesser = client.network ? { network: client.network, phone, email } : null;
  const wait = req.discountCode && guesser ? await codeGuessWait(guesser) : 0;
  const reduced = await reductionsFor(
    db(),
    { products: priced, customs },
    { typed: wait > 0 ? undefined : req.discountCode, shopper: phone && email ? { phone, email } : null },
  );
  if (!reduced.ok && reduced.miss && guesser) await countCodeMiss(guesser);
  // A refused code: the quote shows why, and the price without it (offers still apply).
  const discountError = wait > 0 ? tooManyCodesMessage(wait) : reduced.ok ? null : reduced.message;
  const reductions = reduced.reductions;

  const dest = { country: req.country ?? "IN", pincode: req.pincode ?? "" };
  const choice = {
    dest,
    method: req.shippingMethod ?? "standard",
    paymentMethod: req.paymentMethod ?? "razorpay",
  };
  let outcome = priceCheckout(priced, customs, choice, rules, reductions, prepaid.prepaidDiscount);
  const shippingError = outcome.ok ? null : { field: outcome.field, message: outcome.message };
  // The summary still shows a price: standard delivery (and online payment when cash on delivery is refused).
  if (!outcome.ok) {
    const fallback = {
      ...choice,
      method: "standard" as const,
      paymentMethod: outcome.field === "paymentMethod" ? ("razorpay" as const) : choice.paymentMethod,
    };
    outcome = priceCheckout(priced, customs, fallback, rules, reductions, prepaid.prepaidDiscount);
  }
  if (!outcome.ok) throw new Error(`standard delivery refused: ${outcome.message}`);
  const plan = outcome.plan;

  const byCartId = new Map<string, QuoteLine>();
  for (const l of [...priced, ...customs.map((c) => ({ ...c, name: c.label }))])
    byCartId.set(l.cartId, {
      id: l.cartId,
      name: l.name,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      ...("extraDays" in l && l.extraDays ? { extraDays: l.extraDays } : {}),
    });
  const goods = goodsSubtotal(priced, customs) - plan.discount - plan.offerDiscount;
  // What is left of the goods before the online-payment discount (the discount is taken from it), and the
  // total a COD order of this cart would have without its charge (the "pay online only" rules read it).
  const online = plan.onlineDiscount;
  const goodsLeft = goods + online;
  const codGoods = plan.totalAmount - plan.codFee + online;
  // Made-to-order lines short of stock make the parcel later by their making days (issue 27).
  const extraDays = Math.max(0, ...priced.map((l) => l.extraDays ?? 0));
  // The PIN's state's rules (issue 42): the owner's extra days where no courier answers, and COD on or off.
  const indianPin = dest.country === "IN" && PINCODE_PATTERN.test(dest.pincode);
  const promise = indianPin ? await pinPromise(dest.pincode) : null;
  const stateDays = promise?.extraDays ?? 0;
  const delivery =
    indianPin && !promise
      ? ({ source: "directory", serviceable: false } as const)
      : indianPin
        ? await courierEstimate(dest.pincode, { custom: customs.length > 0, extraDays })
        : null;
  const options: QuoteOption[] = deliveryOptions(dest, goods, rules, { custom: customs.length > 0 }).map(
    (o) =>
      // Standard delivery is the courier's: its dates for this PIN replace the settings' window.
      o.method === "standard" && delivery?.serviceable
        ? { ...o, from: delivery.from, to: delivery.to, courier: true }
        : {
            ...o,
            daysMin: o.daysMin + extraDays + stateDays,
            daysMax: o.daysMax + extraDays + stateDays,
            ...deliveryDates(o.daysMin + extraDays + stateDays, o.daysMax + extraDays + stateDays),
          },
  );
  return {
    lines: items.flatMap((i) => byCartId.get(i.id) ?? []),
    subtotal: plan.subtotal,
    deliveryFee: plan.deliveryFee,
    codFee: plan.codFee,
    totalAmount: plan.totalAmount,
    discount: plan.discountCode ? { code: plan.discountCode, amount: plan.discount } : null,
    discountError,
    offers: plan.offerNames ? { names: plan.offerNames, amount: plan.offerDiscount } : null,
    shippingMethod: plan.shipping.method,
    options,
    shippingError,
    lineErrors: [...errors, ...lineErrors],
    delivery,
    codRefusal:
      prepaidOnlyReason(prepaid, {
        goodsTotal: codGoods,
        custom: customs.length > 0,
        pincode: dest.pincode,
      }) ??
      (promise && !promise.cod ? COD_UNAVAILABLE_MESSAGE : null) ??
      (await riskRefusal(prepaid, req, phone, codGoods)),
    onlineSaving: onlineSaving(rules.codFee, prepaid.prepaidDiscount, goodsLeft),
  };
}

/**
 * The owner's "pay online only from this RTO risk" rule at the quote: once the shopper's phone, e-mail and
 * address are typed, their history in this shop (never its reasons) may take cash on delivery away.
 */
async function riskRefusal(
  prepaid: PrepaidRules,
  req: QuoteRequest,
  phone: string | null,
  orderValue: number,
): Promise<string | null> {
  if (prepaid.prepaidRiskLevel === "off" || !phone || !req.email || !req.address1 || !req.pincode)
    return null;
  if (!PINCODE_PATTERN.test(req.pincode)) return null;
  const history = await rtoFactsForCheckout(db(), {
    phone,
    email: req.email.trim(),
    addressKey: addressKey({ address1: req.address1, pincode: req.pincode }),
    pincode: req.pincode,
    address1: req.address1,
  });
  const level = assessRtoRisk({ ...history, orderValue }).level;
  return riskRequiresPrepaid(prepaid, level) ? RISK_PREPAID_MESSAGE : null;
}
