import type { EmailBlock } from "~/shared/email-content";
import { formatIstDayLongMonthTime } from "~/shared/ist-dates";
import { formatRupees } from "~/shared/money";
import {
  paragraphs,
  shopperEmail,
  type BuiltEmail,
  type EmailStore,
} from "~/features/order-lifecycle/shopper-email";

/*
 * The COD confirmation's e-mails (issue 30): the request and the reminder carry two actions, Confirm and Cancel,
 * both opening the order page (its private link), where the shopper presses the button: a mail scanner that
 * follows links confirms nothing. Then the cancellation, by the shopper or by the clock.
 */

export type CodMailKind = "request" | "reminder" | "cancelled" | "expired";

/** Confirm and Cancel, both to the order page (its private link), where the shopper presses the button. */
function askBlocks(orderUrl: string): EmailBlock[] {
  return [
    { kind: "button", url: `${orderUrl}?cod=confirm#cod-confirmation`, label: "Confirm my order" },
    { kind: "link", url: `${orderUrl}?cod=cancel#cod-confirmation`, label: "Cancel my order" },
  ];
}

/** The request inside the COD order's confirmation e-mail (the checkout's mail): why, until when, the two actions. */
export function codConfirmBlocks(orderUrl: string, cancelAt: Date): EmailBlock[] {
  return [
    {
      kind: "paragraph",
      text: `You chose cash on delivery. Please confirm your order so we can start making it; did not mean to order? Cancel it in one click. Orders not confirmed by ${formatIstDayLongMonthTime(cancelAt)} are cancelled.`,
    },
    ...askBlocks(orderUrl),
  ];
}

export type CodMailFacts = {
  customerName: string;
  /** "#NL1A2B3C4D" or "#NL1A2B3C4D and #9F8E7D6C". */
  orders: string;
  total: number;
  /** The order page, where the Confirm and Cancel buttons are. */
  orderUrl: string;
  /** "28 November at 6:30 pm" (IST): when an unconfirmed order is cancelled. */
  cancelBy: string;
};

export function buildCodEmail(kind: CodMailKind, f: CodMailFacts, store: EmailStore): BuiltEmail {
  const ask = askBlocks(f.orderUrl);
  switch (kind) {
    case "request": {
      const lines = [
        `Thank you for your order ${f.orders}. You chose cash on delivery: ${formatRupees(f.total)}, paid when it arrives.`,
        "Please confirm it so we can start. Did not mean to order? Cancel it in one click.",
        `Orders not confirmed by ${f.cancelBy} are cancelled.`,
      ];
      return {
        subject: `Please confirm your cash on delivery order ${f.orders}`,
        content: shopperEmail(store, f.customerName, [...paragraphs(lines), ...ask], lines[1]),
      };
    }
    case "reminder": {
      const lines = [
        `We have not heard from you about your cash on delivery order ${f.orders} (${formatRupees(f.total)}).`,
        `Please confirm it by ${f.cancelBy}, or it is cancelled.`,
      ];
      return {
        subject: `Reminder: confirm your order ${f.orders}`,
        content: shopperEmail(store, f.customerName, [...paragraphs(lines), ...ask], lines[1]),
      };
    }
    case "cancelled": {
      const lines = [`Your order ${f.orders} is cancelled, as you asked. Nothing was charged.`];
      return {
        subject: `Your order ${f.orders} is cancelled`,
        content: shopperEmail(store, f.customerName, [
          ...paragraphs(lines),
          { kind: "link", url: f.orderUrl, label: "See the order" },
        ]),
      };
    }
    case "expired": {
      const lines = [
        `We did not receive a confirmation of your cash on delivery order ${f.orders}, so it is cancelled. Nothing was charged.`,
        "Still want it? You are welcome to order again.",
      ];
      return {
        subject: `Your order ${f.orders} is cancelled`,
        content: shopperEmail(store, f.customerName, [
          ...paragraphs(lines),
          { kind: "button", url: store.publicUrl, label: "Visit the shop" },
        ]),
      };
    }
  }
}
