import { PolicyPage, type PolicySection } from "~/features/storefront/ui/policy-page";
import type { StoreSettings } from "~/features/settings/store";
import { lastUpdatedDate } from "~/shared/ist-dates";
import { pageMeta } from "~/ui/seo";
import { useShopSettings } from "~/features/settings/ui/use-shop-settings";
import { privacyNoticeForPage } from "~/features/data-rights/privacy-notice.server";
import { PrivacyNoticeTable } from "~/features/data-rights/ui/privacy-notice-table";
import type { Route } from "./+types/privacy-policy";
import { supportHoursSentence } from "~/features/settings/shop-promises";

/** The itemised notice, from what this shop runs (settings and services) and its retention periods. */
export function loader() {
  return privacyNoticeForPage();
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description:
      "How we collect, use and protect your personal information when you shop for neon signs with us.",
    path: "/privacy-policy",
  });

/**
 * The day the fixed words last changed, below and in the itemised notice's (data-rights/privacy-notice.ts):
 * change it with them. The page says the later of it and the settings' last save (the grievance officer,
 * the data contact and the retention periods come from there).
 */
const WORDS_CHANGED = "2026-11-27";

const sections = (store: StoreSettings): PolicySection[] => [
  {
    heading: "Information We Collect",
    paragraphs: [
      "When you place an order or contact us we collect only what we need to make and deliver your sign:",
    ],
    items: [
      "Your name, email address and phone number",
      "Your delivery address, landmark, PIN code and preferred delivery date",
      "Your order details, including custom text, font, colour, size and preview image",
      "Payment confirmation details from our payment partner (we never see or store your card, UPI or bank details)",
    ],
  },
  {
    heading: "How We Use Your Information",
    items: [
      "To make, pack and deliver your order and to call you to confirm it within 24 hours",
      "To send order confirmations, dispatch and tracking updates by email (and WhatsApp if you chose updates there)",
      "To answer your questions and handle returns, refunds and warranty claims",
      "To keep our records as Indian tax and accounting law requires",
    ],
  },
  {
    heading: "Sharing Your Information",
    paragraphs: [
      "We do not sell or rent your personal information. We share it only with the partners who help us complete your order: our payment gateway (Razorpay) to take online payments, and our courier partners to deliver your parcel. We may disclose information when the law requires it.",
    ],
  },
  {
    heading: "Data Security",
    paragraphs: [
      "Our website uses encrypted connections (HTTPS). Online payments are processed by our payment partner on their secure pages. Access to order information is limited to our staff, who sign in with individual accounts.",
    ],
  },
  {
    heading: "Your Rights",
    paragraphs: [
      "You can ask us for a copy of the personal information we hold about you, ask us to correct it, or ask us to delete it when we no longer need it for your order, warranty or legal records. Do it yourself at any time on the My data page (/my-data): we e-mail you a one-time code, then you can download your data, correct an order not yet dispatched, erase what we do not have to keep, and withdraw consents. Or write to us and we will reply within 24 hours on working days.",
    ],
  },
  {
    heading: "Cookies and Local Storage",
    paragraphs: [
      "We keep your shopping cart in your browser's local storage so it survives a reload. Our staff area uses a secure session cookie. We do not use advertising or third-party tracking cookies.",
    ],
  },
  {
    heading: "Updates to This Policy",
    paragraphs: [
      "We may update this policy from time to time. The date at the top of this page shows when it last changed. Continuing to use our website after a change means you accept the updated policy.",
    ],
  },
  {
    heading: "Contact Us",
    paragraphs: [
      `Questions about your privacy? Contact us through the Contact page, by email or by phone. ${supportHoursSentence(store.hours)}`,
      `Grievance Officer: ${store.grievance.name}, ${store.grievance.email}, ${store.grievance.phone}.`,
    ],
  },
];

export default function PrivacyPolicy({ loaderData: notice }: Route.ComponentProps) {
  const settings = useShopSettings();
  if (!settings) return null;
  return (
    <PolicyPage
      title="Privacy Policy"
      updated={lastUpdatedDate(WORDS_CHANGED, settings.version)}
      intro="Your privacy matters to us. This policy explains what information we collect when you shop with us and how we use it."
      sections={sections(settings.store)}
    >
      <PrivacyNoticeTable items={notice.items} contact={notice.contact} />
    </PolicyPage>
  );
}
