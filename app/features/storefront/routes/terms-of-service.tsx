import { PolicyPage, type PolicySection } from "~/features/storefront/ui/policy-page";
import { chargesSummaryText } from "~/features/checkout/shipping-policy";
import {
  customDeliveryText,
  dispatchText,
  makingText,
  readyDeliveryText,
} from "~/features/settings/delivery-promises";
import type { ShippingRules } from "~/features/settings/shop-settings";
import type { StoreSettings } from "~/features/settings/store";
import { lastUpdatedDate } from "~/shared/ist-dates";
import { pageMeta } from "~/ui/seo";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import type { Route } from "./+types/terms-of-service";
import { openingHours } from "~/features/settings/shop-promises";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    description: "The terms that apply when you buy ready-made or custom LED neon signs from our shop.",
    path: "/terms-of-service",
  });

/**
 * The day the fixed words below last changed: change it with them. The page says the later of it and the
 * settings' last save (the store's details, the grievance officer and the delivery times come from there).
 */
const WORDS_CHANGED = "2026-11-25";

const sections = (store: StoreSettings, rules: ShippingRules): PolicySection[] => [
  {
    heading: "Acceptance of Terms",
    paragraphs: [
      "By using this website or placing an order you agree to these terms. If you do not agree, please do not use the website.",
    ],
  },
  {
    heading: "Our Services",
    paragraphs: [
      "We design, make and sell ready-made and custom LED neon signs for homes, businesses and events, delivered across India and to selected countries (UAE, USA, UK, Canada, Australia and Singapore).",
    ],
  },
  {
    heading: "Order Process",
    items: [
      "Choose a ready-made sign or design your own with our customiser, then check out.",
      "We call you within 24 hours to confirm your order and design.",
      `Production starts after confirmation: custom orders take ${makingText(rules)} to proof and make, and arrive in ${customDeliveryText(rules)}; ready-made signs in stock are ${dispatchText(rules)} and arrive in ${readyDeliveryText(rules)}.`,
      "You receive tracking details by email (and WhatsApp if you chose updates there) once your order is dispatched.",
    ],
  },
  {
    heading: "Pricing and Payment",
    paragraphs: [
      "All prices are in Indian rupees (₹) and include applicable taxes. A delivery fee is shown at checkout before you pay. You can pay online through our secure payment partner or choose cash on delivery. We check every price on our side when the order is placed; if a price has changed, we tell you before you pay.",
      chargesSummaryText(rules),
    ],
  },
  {
    heading: "Delivery",
    paragraphs: [
      "Delivery times depend on your location and are described in our Shipping Info. Delivery dates are estimates; we will keep you informed of any delay.",
    ],
  },
  {
    heading: "Warranty",
    paragraphs: [
      "Every sign comes with a 12-month warranty against manufacturing defects and LED failures. The warranty does not cover damage from misuse, water, incorrect power supplies or unauthorised repairs.",
    ],
  },
  {
    heading: "Intellectual Property",
    paragraphs: [
      "The content, designs and images on this website belong to us. When you order a custom design you confirm that you have the right to use the text, logo or artwork you send us.",
    ],
  },
  {
    heading: "Limitation of Liability",
    paragraphs: [
      "Our liability for any order is limited to the amount you paid for it. We are not liable for indirect losses, or for delays caused by events outside our control.",
    ],
  },
  {
    heading: "Cancellation",
    paragraphs: [
      "You can cancel an order within 24 hours of placing it, as long as production has not started. Once production of a custom sign has begun it cannot be cancelled.",
    ],
  },
  {
    heading: "Governing Law",
    paragraphs: [
      "These terms are governed by the laws of India. Any dispute is subject to the courts of Uttar Pradesh, India.",
    ],
  },
  {
    heading: "Contact",
    paragraphs: [
      `Questions about these terms? Reach us through the Contact page: ${openingHours(store.hours)} (IST).`,
      `Grievance Officer: ${store.grievance.name}, ${store.grievance.email}, ${store.grievance.phone}. We acknowledge every complaint within 48 hours and resolve it within one month.`,
      `This shop is run by ${store.legalName}${store.gstin ? ` (GSTIN ${store.gstin})` : ""}, ${store.address}.`,
    ],
  },
];

export default function TermsOfService() {
  const settings = useShopSettings();
  if (!settings) return null;
  return (
    <PolicyPage
      title="Terms of Service"
      updated={lastUpdatedDate(WORDS_CHANGED, settings.version)}
      intro="Please read these terms carefully before you place an order."
      sections={sections(settings.store, settings.shipping)}
    />
  );
}
