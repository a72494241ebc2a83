import { inertText } from "~/shared/mail-safety";
import { paragraphs, shopperEmail, type BuiltEmail, type EmailStore } from "./shopper-email";
import { displayId, type OrderKind, type OrderStatus, type RtoReason } from "./order-status";

/** The order statuses the shopper hears about by e-mail. */
export const EMAILED_STATUSES = [
  "confirmed",
  "dispatched",
  "delivered",
  "rto",
] as const satisfies readonly OrderStatus[];
export type EmailedStatus = (typeof EMAILED_STATUSES)[number];

export function isEmailedStatus(s: string): s is EmailedStatus {
  return (EMAILED_STATUSES as readonly string[]).includes(s);
}

export type StatusEmailInput = {
  kind: OrderKind;
  id: string;
  status: EmailedStatus;
  customerName: string;
  courier?: string | null;
  trackingNumber?: string | null;
  isTest?: boolean;
  /** Returned to origin: why (the courier's report), and whether the shopper had paid online. */
  rtoReason?: RtoReason | null;
  paidOnline?: boolean;
  /** One line per item: "Good Vibes Neon x 2" or 'Custom Neon: "Hello"'. */
  items: string[];
  /** The shopper's order page (status, tracking, invoice, cancellation). */
  orderUrl?: string;
  /** What the order page holds besides tracking: "invoice" or "bill of supply" (none: null; issue 27). */
  documentWord?: string | null;
  /** The delivery window promised, "7-14 business days" (the order's own, else the settings', decision 034). */
  delivery?: string;
};

export type { BuiltEmail };

const RTO_SHOPPER_WORDS: Record<RtoReason, string> = {
  refused: "The courier reports that the parcel was refused at delivery.",
  unreachable: "The courier could not reach you on your phone to deliver it.",
  address: "The courier could not deliver to the address given.",
  other: "The courier could not complete the delivery.",
};

/** Subject and body of the shopper's e-mail for a confirmed, dispatched, delivered or returned (RTO) order. */
export function buildStatusEmail(o: StatusEmailInput, store: EmailStore): BuiltEmail {
  const ref = displayId(o.kind, o.id);
  const test = o.isTest ? "[TEST] " : "";
  const body: Record<EmailedStatus, { subject: string; lines: string[] }> = {
    confirmed: {
      subject: `${test}Order ${ref} confirmed: your sign goes into production`,
      lines: [
        `Good news: we have confirmed your order ${ref}.`,
        `Your sign now goes into production. Delivery usually takes ${o.delivery ?? "7-14 business days"} after confirmation.`,
      ],
    },
    dispatched: {
      subject: `${test}Your ${store.name} order ${ref} is on its way`,
      lines: [
        `Your order ${ref} has been dispatched.`,
        `Courier: ${o.courier ?? "to be confirmed"}`,
        `Tracking number: ${o.trackingNumber ?? "to be confirmed"}`,
        "Keep your phone nearby: the courier may call before delivery.",
      ],
    },
    delivered: {
      subject: `${test}Your ${store.name} order ${ref} has been delivered`,
      lines: [
        `Your order ${ref} has been delivered. We hope you love your new neon sign!`,
        "Your sign comes with a 12-month warranty. If anything is not right, reply to this e-mail.",
      ],
    },
    rto: {
      subject: `${test}Your ${store.name} order ${ref} could not be delivered`,
      lines: [
        `Your order ${ref} could not be delivered and the courier has returned it to us.`,
        RTO_SHOPPER_WORDS[o.rtoReason ?? "other"],
        "If you still want your sign, reply to this e-mail or call us to arrange a new delivery.",
        ...(o.paidOnline
          ? ["Your online payment is safe: if you no longer want the sign, we will refund it."]
          : []),
      ],
    },
  };
  const b = body[o.status];
  // The sign text is the shopper's: inert (app/shared/mail-safety.ts).
  const itemsText = o.items.map(inertText);
  const content = shopperEmail(
    store,
    o.customerName,
    [
      ...paragraphs(b.lines),
      ...(itemsText.length > 0
        ? [
            { kind: "paragraph" as const, text: "Your order:" },
            { kind: "list" as const, items: itemsText },
          ]
        : []),
      ...(o.orderUrl
        ? [
            {
              kind: "button" as const,
              url: o.orderUrl,
              label: o.documentWord
                ? `View your order, tracking and ${o.documentWord}`
                : "View your order and tracking",
            },
          ]
        : []),
    ],
    b.lines[0],
  );
  return { subject: b.subject, content };
}
