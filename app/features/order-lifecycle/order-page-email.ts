import { paragraphs, shopNotice, shopperEmail, type BuiltEmail, type EmailStore } from "./shopper-email";
import { REFUND_TIME } from "~/features/settings/shop-promises";

/** The e-mails of the shopper's order page: the link asked for with "Find my order", and a cancellation. */

type Store = EmailStore;

function wrap(store: Store, name: string, lines: string[], link: { url: string; label: string } | null) {
  return {
    content: shopperEmail(
      store,
      name,
      [...paragraphs(lines), ...(link ? [{ kind: "button" as const, ...link }] : [])],
      lines[0],
    ),
  };
}

export function buildOrderLinkEmail(
  o: {
    displayId: string;
    customerName: string;
    orderUrl: string;
    isTest?: boolean;
    /** "invoice" or "bill of supply" when the shop issues one (issue 27), else null. */
    documentWord?: string | null;
  },
  store: Store,
): BuiltEmail {
  const body = wrap(
    store,
    o.customerName,
    [
      `You (or someone using your order number and contact details) asked for the link to your order ${o.displayId}.`,
      `It shows the order's status and tracking${o.documentWord ? `, its ${o.documentWord},` : ""} and lets you cancel within 24 hours of ordering. Keep it to yourself: anyone with the link can see the order.`,
      "If you did not ask for it, you can ignore this e-mail.",
    ],
    { url: o.orderUrl, label: "Open your order" },
  );
  return {
    subject: `${o.isTest ? "[TEST] " : ""}The link to your ${store.name} order ${o.displayId}`,
    ...body,
  };
}

export function buildCancelledEmail(
  o: { displayId: string; customerName: string; orderUrl: string; refundText: string; isTest?: boolean },
  store: Store,
): BuiltEmail {
  const body = wrap(
    store,
    o.customerName,
    [`Your order ${o.displayId} has been cancelled, as you asked.`, o.refundText],
    { url: o.orderUrl, label: "View the order" },
  );
  return {
    subject: `${o.isTest ? "[TEST] " : ""}Your ${store.name} order ${o.displayId} is cancelled`,
    ...body,
  };
}

/**
 * The shop's own notice that a shopper cancelled. It goes to the shop's staff only, so the shopper's name and
 * address are written as typed (staff copy them); nothing in it is made inert (issue 27, item 10).
 */
export function buildCancelNoticeEmail(
  o: {
    displayId: string;
    customerName: string;
    customerEmail: string;
    refundText: string;
    isTest?: boolean;
  },
  store: Pick<Store, "name" | "publicUrl">,
): BuiltEmail {
  return {
    subject: `${o.isTest ? "[TEST] " : ""}Order ${o.displayId} cancelled by the shopper`,
    content: shopNotice(
      store,
      paragraphs([
        `The shopper cancelled order ${o.displayId} on its order page.`,
        `Customer: ${o.customerName} <${o.customerEmail}>`,
        o.refundText,
        "Stock of ready-made items has been put back. Do not make or dispatch this order.",
      ]),
    ),
  };
}

const RETURN_TEXT: Record<string, (note: string | null) => string[]> = {
  requested: () => [
    "We have received your return request. We reply within 24 hours and arrange a pickup or tell you where to send the sign.",
  ],
  approved: (note) => [
    "Your return has been approved. Please pack the sign in its original packaging; we will arrange the pickup.",
    ...(note ? [note] : []),
  ],
  refused: (note) => [`We are sorry: your return could not be accepted. ${note ?? ""}`.trim()],
  received: () => ["We have received the returned sign and inspected it. Your refund follows shortly."],
  refunded: () => [
    `Your refund has been started. Online payments go back to the original payment method (within ${REFUND_TIME}); cash on delivery orders are refunded by bank transfer.`,
  ],
};

/** The shopper's e-mail for one step of a return. */
export function buildReturnEmail(
  o: {
    displayId: string;
    customerName: string;
    orderUrl: string;
    status: string;
    note: string | null;
    isTest?: boolean;
  },
  store: Store,
): BuiltEmail {
  const lines = (RETURN_TEXT[o.status] ?? (() => []))(o.note);
  const body = wrap(store, o.customerName, [`About the return of your order ${o.displayId}:`, ...lines], {
    url: o.orderUrl,
    label: "View the order",
  });
  return {
    subject: `${o.isTest ? "[TEST] " : ""}Your return for order ${o.displayId}: ${o.status === "requested" ? "request received" : o.status}`,
    ...body,
  };
}
