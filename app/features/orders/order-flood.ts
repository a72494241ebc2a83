import { z } from "~/shared/zod";

/*
 * Staff's answer to a flood of fake orders: cancel, in one action, every open order that came from the
 * same phone number or the same network address as the order in front of them.
 */

export const RELATED_BY = ["phone", "client"] as const;
export type RelatedBy = (typeof RELATED_BY)[number];

export const cancelRelatedSchema = z.object({
  intent: z.literal("cancel-related"),
  kind: z.enum(["order", "custom"]),
  id: z.uuid("Unknown order."),
  by: z.enum(RELATED_BY, "Choose phone or network address."),
});
export type CancelRelated = z.output<typeof cancelRelatedSchema>;

/**
 * Open orders from the same customer: not yet confirmed and not paid (this order included), and how many
 * checkouts they came from. A split cart (ready-made and custom signs: two orders of one checkout) is one
 * shopper's one order, never a flood (issue 42): the control shows only for more than one checkout.
 */
export type RelatedOpenOrders = {
  phone: number;
  client: number;
  checkouts: { phone: number; client: number };
};

/** Whether these related orders look like a flood: open orders from more than one checkout. */
export const isFlood = (related: RelatedOpenOrders, by: RelatedBy) => related.checkouts[by] > 1;

export function relatedLabel(by: RelatedBy): string {
  return by === "phone" ? "this phone number" : "this network address";
}

export function cancelRelatedMessage(cancelled: number, by: RelatedBy): string {
  return `Cancelled ${cancelled} open order${cancelled === 1 ? "" : "s"} from ${relatedLabel(by)}; stock returned.`;
}

/** The most orders staff cancel in one "Cancel selected" (a page of the list is 50). */
export const CANCEL_SEVERAL_MAX = 100;

/**
 * "Cancel selected" on an order list (issue 41): the ticked orders, as one field of ids separated by commas.
 * Only open ones (not confirmed, not paid) are cancelled; the rest are left as they are.
 */
export const cancelSeveralSchema = z.object({
  intent: z.literal("cancel-several"),
  orders: z
    .string("Tick the orders to cancel.")
    .transform((v) => [...new Set(v.split(/[\s,]+/).filter(Boolean))])
    .pipe(
      z
        .array(z.uuid("Unknown order."))
        .min(1, "Tick the orders to cancel.")
        .max(CANCEL_SEVERAL_MAX, `Cancel at most ${CANCEL_SEVERAL_MAX} orders at once.`),
    ),
});
export type CancelSeveral = z.output<typeof cancelSeveralSchema>;

/** Whether a list row can be ticked for "Cancel selected": open (pending) and not paid. */
export function isOpenOrder(o: { status: string; paymentStatus: string }): boolean {
  return o.status === "pending" && o.paymentStatus !== "paid";
}

export function cancelSeveralMessage(cancelled: number, left: number): string {
  const done =
    cancelled === 1
      ? "Cancelled 1 order; its stock is back."
      : `Cancelled ${cancelled} orders; their stock is back.`;
  if (left === 0) return done;
  return `${done} ${left} ${left === 1 ? "was" : "were"} left as ${left === 1 ? "it was" : "they were"}.`;
}
