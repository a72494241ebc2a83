import { PolicyPage, type PolicySection } from "~/features/storefront/ui/policy-page";
import { lastUpdatedDate } from "~/shared/ist-dates";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/return-policy";
import { REFUND_TIME, supportHoursSentence } from "~/features/settings/shop-promises";
import type { StoreSettings } from "~/features/settings/store";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Return Policy",
    description:
      "Returns, refunds, exchanges and warranty claims for our ready-made and custom LED neon signs.",
    path: "/return-policy",
  });

/** The day the words below last changed: change it with them ("Last updated" on the page). */
const WORDS_CHANGED = "2026-11-24";

const sections = (hours: StoreSettings["hours"]): PolicySection[] => [
  {
    heading: "Overview",
    paragraphs: [
      "We want you to love your sign. This policy explains when a sign can be returned, how to do it and how refunds work.",
    ],
  },
  {
    heading: "Custom Neon Signs",
    paragraphs: [
      "Custom signs are made to your design and cannot be resold, so they are non-returnable unless they arrive defective, damaged in shipping or made differently from the design you approved.",
    ],
  },
  {
    heading: "Ready-Made Products",
    paragraphs: [
      "Ready-made signs can be returned within 7 days of delivery if they are unused, in their original packaging and with all accessories.",
    ],
  },
  {
    heading: "Return Process",
    items: [
      "Contact us within 7 days of delivery with your order number and photos or a video of the sign.",
      "We reply within 24 hours and arrange a pickup or tell you where to send the sign.",
      "Pack the sign in its original packaging to protect it in transit.",
      "We inspect the returned sign within 2-3 business days of receiving it.",
    ],
  },
  {
    heading: "Refunds",
    paragraphs: [
      `Once the inspection is done, approved refunds are made to your original payment method within ${REFUND_TIME}. Cash on delivery orders are refunded by bank transfer.`,
    ],
  },
  {
    heading: "Exchanges",
    paragraphs: [
      "A ready-made sign can be exchanged for another design or size within 7 days of delivery; you pay any price difference. A defective sign is replaced free of charge.",
    ],
  },
  {
    heading: "Warranty Claims",
    paragraphs: [
      "Every sign has a 1-year warranty, and the LED strips a 12-month warranty, against manufacturing defects. Send us photos or a video of the problem and we will repair or replace the sign.",
    ],
  },
  {
    heading: "Non-Returnable Items",
    items: [
      "Custom signs that match the approved design and work correctly",
      "Signs damaged by misuse, water, incorrect power supplies or unauthorised repairs",
      "Signs returned more than 7 days after delivery",
    ],
  },
  {
    heading: "International Returns",
    paragraphs: [
      "International orders can be returned only if defective or damaged in shipping. Please contact us before sending anything back; customs duties and taxes are not refundable.",
    ],
  },
  {
    heading: "Customer Support",
    paragraphs: [`By email, phone or WhatsApp. ${supportHoursSentence(hours)}`],
  },
];

export default function ReturnPolicy() {
  const settings = useShopSettings();
  if (!settings) return null;
  return (
    <PolicyPage
      title="Return Policy"
      updated={lastUpdatedDate(WORDS_CHANGED)}
      intro="Clear and fair returns for every neon sign we make."
      sections={sections(settings.store.hours)}
    />
  );
}
