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

/** Open orders from the same customer: not yet confirmed and not paid (this order included). */
export type RelatedOpenOrders = { phone: number; client: number };

export function relatedLabel(by: RelatedBy): string {
  return by === "phone" ? "this phone number" : "this network address";
}

export function cancelRelatedMessage(cancelled: number, by: RelatedBy): string {
  return `Cancelled ${cancelled} open order${cancelled === 1 ? "" : "s"} from ${relatedLabel(by)}; stock returned.`;
}
