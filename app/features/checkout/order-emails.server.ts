import { asc, eq } from "drizzle-orm";
import { formatIsoDate, formatShippingAddress, PAYMENT_METHOD_LABELS } from "./checkout";
import { displayCustomOrderId, displayOrderId } from "~/features/order-lifecycle/order-status";
import {
  describeCustomSign,
  describeProductConfig,
  lineSummary,
} from "~/features/sign-options/line-description";
import { formatRupees } from "~/shared/money";
import { chargeLines, estimatedDeliveryText } from "~/features/checkout/order-charges";
import { orderNames, splitNote } from "~/features/checkout/order-names";
import { codConfirmBlocks } from "~/features/cod-confirmation/cod-emails";
import { codConfirmationDeadline } from "~/features/cod-confirmation/cod-confirmation.server";
import { orderPageUrl } from "~/shared/order-links";
import { db } from "~/platform/db/client.server";
import { checkouts } from "./tables.server";
import { customNeonOrders, orders, orderItems } from "~/features/order-lifecycle/tables.server";
import { inertText, mailboxKey } from "~/shared/mail-safety";
import type { EmailBlock } from "~/shared/email-content";
import { formatPhone } from "~/shared/phone-numbers";
import { shopNotice, shopperEmail } from "~/features/order-lifecycle/shopper-email";
import { noticeOrDigest } from "~/features/order-lifecycle/shop-notice-digest.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { tryConsume } from "~/platform/limits/rate-limit.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { orderDocumentWord } from "~/features/settings/gst-registration";
import { shopSalesDocument } from "~/features/settings/gst-registration.server";

/** One line of the order; `typed` when its name is the shopper's own text (a custom sign's words). */
type Line = { name: string; details: string; quantity: number; unitPrice: number; typed?: boolean };

/** Everything the two order e-mails say about one checkout, read from the database. */
async function loadCheckout(checkoutId: string) {
  const [c] = await db().select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!c) return undefined;
  const regular = await db().select().from(orders).where(eq(orders.checkoutId, checkoutId));
  const custom = await db()
    .select()
    .from(customNeonOrders)
    .where(eq(customNeonOrders.checkoutId, checkoutId))
    .orderBy(asc(customNeonOrders.createdAt), asc(customNeonOrders.id));
  const all = [...regular, ...custom];
  const ids = [...regular.map((o) => displayOrderId(o.id)), ...custom.map((o) => displayCustomOrderId(o.id))];
  /** Each order's own page: "NL1A2B3C4D" → its access token. */
  const pages = all.map((o, i) => ({ id: ids[i]!, token: o.accessToken }));
  /** The orders in words ("orders NL1A2B3C4D (ready-made signs) and 9F8E7D6C (custom sign)"). */
  const parts = ids.map((id, i) => ({ id, custom: i >= regular.length }));
  const sum = <T>(rows: T[], amount: (o: T) => number) => rows.reduce((n, o) => n + amount(o), 0);
  const subtotal =
    sum(regular, (o) => o.subtotal) +
    sum(custom, (o) => o.totalAmount - o.deliveryFee - o.codFee + o.discount + o.offerDiscount);
  const delivery = sum(all, (o) => o.deliveryFee);
  const cod = sum(all, (o) => o.codFee);
  const discount = sum(all, (o) => o.discount);
  const offer = sum(all, (o) => o.offerDiscount);
  const lines: Line[] = [];
  for (const o of regular) {
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, o.id));
    for (const it of items) {
      lines.push({
        name: it.productName,
        details: lineSummary(describeProductConfig(it.productConfig), ", "),
        quantity: it.quantity,
        unitPrice: it.price,
      });
    }
  }
  for (const o of custom) {
    lines.push({
      // The sign's text is the shopper's: inert in the shopper's mail (render()), as typed in the shop's.
      name: `Custom Neon: "${o.customText || "YOUR TEXT"}"`,
      typed: true,
      details: lineSummary(
        describeCustomSign({
          font: o.fontStyle,
          color: o.neonColor,
          size: o.size,
          hasDimmer: o.hasDimmer,
          backingShape: o.backingShape,
        }),
        ", ",
      ),
      quantity: o.quantity,
      unitPrice: o.basePrice + o.characterPrice + o.dimmerPrice + o.backingPrice,
    });
  }
  const first = regular[0] ?? custom[0];
  if (!first) return undefined;
  const discountCode = all.find((o) => o.discountCode)?.discountCode ?? null;
  const offerNames = all.find((o) => o.offerNames)?.offerNames ?? null;
  return {
    checkout: c,
    ids,
    parts,
    pages,
    lines,
    subtotal,
    delivery,
    cod,
    discount,
    discountCode,
    offer,
    offerNames,
    first,
    // What the order page will hold: a tax invoice or a bill of supply, or nothing yet (issue 27).
    documentWord: orderDocumentWord(await shopSalesDocument()),
    // A COD checkout waiting for its shopper's confirmation (issue 30): the mail asks for it.
    codConfirmBy: await codConfirmationDeadline(c.id),
  };
}

/** "order NL1A2B3C4D" or "orders NL1A2B3C4D and 9F8E7D6C" (a subject line). */
const listIds = (ids: string[], one: string, many: string) =>
  ids.length === 1 ? `${one} ${ids[0]}` : `${many} ${ids.slice(0, -1).join(", ")} and ${ids.at(-1)}`;

type Loaded = NonNullable<Awaited<ReturnType<typeof loadCheckout>>>;

function render(d: Loaded, audience: "customer" | "shop") {
  const store = storeSettings();
  const c = d.checkout;
  const method = `${PAYMENT_METHOD_LABELS[c.paymentMethod]}${c.isTest ? " (Test)" : ""}`;
  const paid = c.paymentStatus === "paid" ? "paid" : "to be paid on delivery";
  // Everything the shopper typed is made inert (app/shared/mail-safety.ts) in the shopper's mail (a stranger
  // could use it to mail someone else); the shop's own notice writes it as typed, so staff can copy it.
  const shopper = audience === "customer";
  const typed = (s: string) => (shopper ? inertText(s) : s);
  const address = typed(formatShippingAddress(d.first.shippingAddress));
  const names = orderNames(d.parts);
  const split = splitNote(d.parts);
  const test = c.isTest ? "[TEST] " : "";
  const idList = d.ids.join(", ");
  const asking = c.paymentMethod === "cod" && d.codConfirmBy !== null;
  const next = [
    asking
      ? "Confirm your order with the button above: we start once you do."
      : "We will call you within 24 hours to confirm your order.",
    "Your sign goes into production.",
    // The shop sends e-mails (and WhatsApp where asked for), never SMS (issue 42).
    `It is delivered to your door in an estimated ${estimatedDeliveryText(d.first.deliveryDaysMin, d.first.deliveryDaysMax)}; tracking details follow by e-mail${d.first.whatsappUpdates ? " and WhatsApp" : ""}.`,
  ];
  const totals = chargeLines({
    subtotal: d.subtotal,
    deliveryFee: d.delivery,
    codFee: d.cod,
    discount: d.discount,
    discountCode: d.discountCode,
    offerDiscount: d.offer,
    offerNames: d.offerNames,
    totalAmount: c.totalAmount,
    shippingMethod: d.first.shippingMethod,
  }).map((l) => `${l.label}: ${l.value}`);
  const pageLinks = d.pages.map((p) => ({
    label: d.pages.length > 1 ? `View order ${p.id}` : "View your order",
    url: orderPageUrl(store.publicUrl, p.token),
  }));
  const items: EmailBlock = {
    kind: "items",
    rows: d.lines.map((l) => ({
      name: l.typed ? typed(l.name) : l.name,
      details: l.details,
      quantity: l.quantity,
      amount: formatRupees(l.unitPrice * l.quantity),
    })),
  };
  const facts: EmailBlock[] = [
    items,
    { kind: "lines", lines: totals },
    {
      kind: "lines",
      lines: [
        `Payment: ${method}, ${c.paymentMethod === "cod" ? "to be paid on delivery" : paid}`,
        `Delivery address: ${address}`,
        // Only a date the shopper asked for (issue 42: "not given" was printed in every mail).
        ...(d.first.preferredDate
          ? [`Preferred delivery date: ${formatIsoDate(d.first.preferredDate)}`]
          : []),
      ],
    },
  ];
  const content =
    audience === "customer"
      ? shopperEmail(
          store,
          d.first.customerName,
          [
            {
              kind: "paragraph",
              text: `Thank you for your order with ${store.name}. Your ${names} ${d.parts.length > 1 ? "have" : "has"} been received.`,
            },
            ...(split ? [{ kind: "paragraph" as const, text: split }] : []),
            ...(asking
              ? codConfirmBlocks(orderPageUrl(store.publicUrl, d.pages[0]!.token), d.codConfirmBy!)
              : []),
            ...facts,
            { kind: "heading", text: "What happens next?" },
            { kind: "list", ordered: true, items: next },
            {
              kind: "paragraph",
              text: d.documentWord
                ? `Follow your order, cancel it within 24 hours or get its ${d.documentWord} on its page:`
                : "Follow your order or cancel it within 24 hours on its page:",
            },
            ...pageLinks.map((l) => ({ kind: "button" as const, ...l })),
          ],
          `Your ${names} ${d.parts.length > 1 ? "have" : "has"} been received: ${formatRupees(c.totalAmount)}.`,
        )
      : // The shop's own notice: the shopper's name and address as typed, so staff can copy them (issue 27).
        shopNotice(store, [
          {
            kind: "paragraph",
            text: `New order ${idList} from ${d.first.customerName} <${d.first.customerEmail}>, ${formatPhone(d.first.customerPhone)}.`,
          },
          ...facts,
          {
            kind: "button",
            url: `${store.publicUrl}/admin/orders`,
            label: "Open the orders",
          },
        ]);
  const subject =
    audience === "customer"
      ? asking
        ? `${test}Please confirm your ${store.name} ${listIds(d.ids, "order", "orders")}`
        : `${test}Your ${store.name} ${listIds(d.ids, "order", "orders")} ${d.ids.length > 1 ? "are" : "is"} confirmed`
      : `${test}New order ${idList}: ${formatRupees(c.totalAmount)} (${method})`;
  return { subject, content };
}

/** True when this mail may go out now; false (and logged) when its limit is reached. */
async function allowed(limit: "mailPerRecipient", key: string, what: string): Promise<boolean> {
  if ((await tryConsume(limit, key)).ok) return true;
  logger.warn({ limit, what }, "e-mail not sent: too many to this recipient this hour");
  return false;
}

function checkoutIdOf(data: Record<string, unknown>): string {
  if (typeof data.checkoutId !== "string") throw new Error("order e-mail job without a checkout id");
  return data.checkoutId;
}

/**
 * The job that sends the shopper's confirmation, at most once per checkout. It cannot be used as a relay:
 * a few confirmations per mailbox per hour, and the shopper's text is inert.
 */
export async function sendOrderConfirmation(data: Record<string, unknown>): Promise<void> {
  const checkoutId = checkoutIdOf(data);
  await deliverOnce(`order-confirmation:${checkoutId}`, async () => {
    await loadShopSettings(); // storeSettings() below then gives the fresh copy
    const d = await loadCheckout(checkoutId);
    if (!d) return;
    if (!(await allowed("mailPerRecipient", mailboxKey(d.first.customerEmail), "order confirmation"))) return;
    const store = storeSettings();
    await sendMail({
      to: d.first.customerEmail,
      replyTo: store.email,
      dedupeKey: `order-confirmation:${checkoutId}`,
      ...render(d, "customer"),
    });
  });
}

/** The job that sends the shop's new-order notice, at most once per checkout and a bounded number per hour. */
export async function sendShopNotice(data: Record<string, unknown>): Promise<void> {
  const checkoutId = checkoutIdOf(data);
  await deliverOnce(`shop-notice:${checkoutId}`, async () => {
    await loadShopSettings(); // storeSettings() below then gives the fresh copy
    const d = await loadCheckout(checkoutId);
    if (!d) return;
    // Past the hourly limit the notice waits for the next digest: never dropped (issue 42).
    const c = d.checkout;
    const city = d.first.shippingAddress.city;
    await noticeOrDigest({
      dedupeKey: `shop-notice:${checkoutId}`,
      replyTo: d.first.customerEmail,
      summary: `${c.isTest ? "[TEST] " : ""}New order ${d.ids.join(", ")}: ${formatRupees(c.totalAmount)} (${PAYMENT_METHOD_LABELS[c.paymentMethod]}), ${d.first.customerName}${city ? `, ${city}` : ""}`,
      ...render(d, "shop"),
    });
  });
}
