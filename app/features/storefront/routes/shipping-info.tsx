import { PolicyPage, type PolicySection } from "~/features/storefront/ui/policy-page";
import {
  codText,
  expressShippingText,
  internationalTexts,
  standardShippingText,
} from "~/features/checkout/shipping-policy";
import type { ShippingRules } from "~/features/settings/shop-settings";
import {
  businessDaysText,
  customDeliveryText,
  dispatchText,
  makingText,
  readyDeliveryText,
} from "~/features/settings/delivery-promises";
import { lastUpdatedDate } from "~/shared/ist-dates";
import { pageMeta } from "~/ui/seo";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import type { Route } from "./+types/shipping-info";
import { supportHoursSentence } from "~/features/settings/shop-promises";
import type { StoreSettings } from "~/features/settings/store";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Shipping Info",
    description:
      "Production times, delivery times, shipping charges and tracking for LED neon signs across India and abroad.",
    path: "/shipping-info",
  });

/**
 * The day the fixed words below last changed: change it with them. The page says the later of it and the
 * settings' last save (its charges and windows come from there).
 */
const WORDS_CHANGED = "2026-11-25";

/** The policy, with every charge and window from the shop's shipping rules (the ones checkout uses). */
const sections = (rules: ShippingRules, hours: StoreSettings["hours"]): PolicySection[] => [
  {
    heading: "Domestic Shipping",
    items: [
      `Ready-made signs: delivered in ${readyDeliveryText(rules)} (${dispatchText(rules)}, then ${businessDaysText(rules.standardDaysMin, rules.standardDaysMax)} with the courier)`,
      `Custom signs: delivered in ${customDeliveryText(rules)} (${makingText(rules)} to proof and make, then ${businessDaysText(rules.standardDaysMin, rules.standardDaysMax)} with the courier)`,
      "Your own date: enter your PIN code on a product page, in the customiser or in the cart to see the day your sign reaches you, and whether cash on delivery is available there",
      standardShippingText(rules),
      ...[expressShippingText(rules)].filter((t): t is string => t !== null),
      codText(rules),
    ],
  },
  {
    heading: "International Shipping",
    paragraphs: [
      "We ship to the UAE, USA, UK, Canada, Australia and Singapore. Orders abroad are paid online; delivery charges and estimated delivery times by country:",
    ],
    items: [...internationalTexts(rules), "Customs duties and import taxes are paid by the customer."],
  },
  {
    heading: "Production Time",
    items: [
      `Ready-made signs in stock: ${dispatchText(rules)}`,
      "Ready-made signs made to order: the extra days are shown on the product page, and the date for your PIN code includes them",
      `Custom signs: ${makingText(rules)} to proof and make`,
      ...(rules.expressPinPrefixes.length > 0
        ? [
            `In a hurry? Express delivery reaches major cities ${businessDaysText(rules.expressDaysMin, rules.expressDaysMax)} after dispatch, for an extra charge`,
          ]
        : []),
    ],
  },
  {
    heading: "Packaging",
    paragraphs: [
      "Every sign is wrapped in protective film and bubble wrap and packed in a rigid, padded box with its adapter and mounting kit, so it arrives safely.",
    ],
  },
  {
    heading: "Order Tracking",
    items: [
      "Order confirmation: we call you within 24 hours",
      "Production started: we let you know when your sign is being made",
      "Dispatched: you receive the courier name and tracking number by email (and WhatsApp if you chose updates there)",
      "Delivered: your sign arrives at your door",
    ],
  },
  {
    heading: "Delivery Process",
    paragraphs: [
      "The courier calls before delivering. Please check the box for damage before you accept it and tell us within 48 hours if anything is wrong. Items over 50 kg are delivered by a two-person team.",
    ],
  },
  {
    heading: "Delivery Attempts",
    items: [
      "First attempt on the scheduled day",
      "Second attempt on the next business day",
      "After a third failed attempt you collect the parcel from the courier or reschedule",
      "After 3 failed attempts the parcel is returned to us; redelivery costs ₹199",
    ],
  },
  {
    heading: "Special Handling",
    paragraphs: [
      "Neon signs are fragile. We mark every parcel as fragile and ship large signs with extra bracing. Installation help is available in major cities.",
    ],
  },
  {
    heading: "Shipping Restrictions",
    paragraphs: [
      "We cannot deliver to PO boxes. Some remote PIN codes may need extra time; we will call you if your address is outside our couriers' regular routes.",
    ],
  },
  {
    heading: "Customer Support",
    paragraphs: [`Questions about your delivery? ${supportHoursSentence(hours)}`],
  },
];

export default function ShippingInfo() {
  const settings = useShopSettings();
  if (!settings) return null;
  return (
    <PolicyPage
      title="Shipping Info"
      updated={lastUpdatedDate(WORDS_CHANGED, settings.version)}
      intro="Everything you need to know about how your neon sign is made and delivered."
      sections={sections(settings.shipping, settings.store.hours)}
    />
  );
}
