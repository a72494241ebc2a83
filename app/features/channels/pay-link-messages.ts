import { paragraphs, shopperEmail } from "~/features/order-lifecycle/shopper-email";
import type { StoreSettings } from "~/features/settings/store";
import { firstName, templateText } from "~/features/settings/whatsapp-messages";

/*
 * What a pay link says (issue 46, decision 067): the link itself and its one reminder, by e-mail and as a
 * WhatsApp template message. Pure: the job reads the order and sends.
 */

export type PayLinkMessage = "link" | "reminder";
export const PAY_LINK_VIAS = ["whatsapp", "email"] as const;
export type PayLinkVia = (typeof PAY_LINK_VIAS)[number];

/** The WhatsApp templates the owner creates in WhatsApp Manager (README, docs/guide/channels.md). */
export const PAY_LINK_TEMPLATES: Record<PayLinkMessage, string> = {
  link: "pay_link",
  reminder: "pay_link_reminder",
};

export type PayLinkFacts = {
  customerName: string;
  displayId: string;
  amount: string;
  url: string;
  /** When it expires, as the shop shows times (IST): "30 November at 2:05 pm". */
  until: string;
};

/** The template's body parameters: first name, order ID, amount, link, expiry. */
export function payLinkParameters(f: PayLinkFacts): string[] {
  return [
    firstName(f.customerName),
    templateText(f.displayId),
    templateText(f.amount),
    f.url,
    templateText(f.until),
  ];
}

export function payLinkEmail(
  what: PayLinkMessage,
  f: PayLinkFacts,
  store: Pick<StoreSettings, "name" | "email" | "phone" | "publicUrl">,
) {
  const subject =
    what === "link"
      ? `Your order #${f.displayId} from ${store.name}: ${f.amount} to pay`
      : `Reminder: your order #${f.displayId} is waiting for payment`;
  const lines =
    what === "link"
      ? [
          `As we discussed, here is your order #${f.displayId}: ${f.amount} in all, delivery included.`,
          `Check the details and pay on your order's page by ${f.until} (IST). We start on it once it is paid.`,
        ]
      : [
          `Your order #${f.displayId} (${f.amount}) is not paid yet.`,
          `The link works until ${f.until} (IST); after that the order is cancelled.`,
        ];
  const content = shopperEmail(
    store,
    f.customerName,
    [...paragraphs(lines), { kind: "button" as const, url: f.url, label: "Check and pay your order" }],
    lines[0],
  );
  return { subject, content };
}
