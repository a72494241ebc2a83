import { freeText } from "~/shared/text";
import type { OrderKind, OrderStatus } from "~/features/order-lifecycle/order-status";
import { z } from "~/shared/zod";
import { RETURN_WINDOW_DAYS } from "~/features/settings/shop-promises";

/**
 * Returns (issue 17), as the Return Policy says: ready-made signs within 7 days of delivery; custom signs
 * only when they arrive defective, damaged in shipping or made differently from the design; international
 * orders only when defective or damaged. A return is requested (by the shopper on the order page, or entered
 * by staff), approved or refused with a reason, received and inspected, then refunded.
 */

export const RETURN_REASONS = ["changed_mind", "defective", "damaged_in_transit", "wrongly_made"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  changed_mind: "No longer wanted (unused, in its packaging)",
  defective: "Defective: does not light or work properly",
  damaged_in_transit: "Damaged in shipping",
  wrongly_made: "Made differently from the design",
};

export const RETURN_STATUSES = ["requested", "approved", "refused", "received", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Return requested",
  approved: "Return approved",
  refused: "Return refused",
  received: "Return received and inspected",
  refunded: "Return refunded",
};

/** A return that is still going on (at most one per order). */
export const OPEN_RETURN_STATUSES = [
  "requested",
  "approved",
  "received",
] as const satisfies readonly ReturnStatus[];

export type ReturnableOrder = {
  kind: OrderKind;
  status: OrderStatus;
  /** When the order was marked delivered (null: not delivered). */
  deliveredAt: Date | null;
  international: boolean;
  hasOpenReturn: boolean;
  /** Refunded in full (its payment, or an earlier return): nothing is left to return (issue 42). */
  nothingLeft?: boolean;
};

export const NOTHING_LEFT_TO_RETURN =
  "This order has been refunded in full: there is nothing left to return.";

/**
 * What the shopper reads of staff's note on a return (issue 42): an approval's or a refusal's words are meant for
 * them; the inspection's findings (received) and later notes stay staff-only.
 */
export function shopperReturnNote(status: ReturnStatus, note: string | null | undefined): string | null {
  return (status === "approved" || status === "refused") && note ? note : null;
}

export type ReturnCheck = { ok: true } | { ok: false; message: string };

/** Which reasons this order may be returned for (the policy), whoever asks. */
export function allowedReturnReasons(o: Pick<ReturnableOrder, "kind" | "international">): ReturnReason[] {
  if (o.kind === "custom" || o.international)
    return ["defective", "damaged_in_transit", ...(o.kind === "custom" ? (["wrongly_made"] as const) : [])];
  return [...RETURN_REASONS];
}

export function checkReturnRequest(o: ReturnableOrder, reason: ReturnReason, now: Date): ReturnCheck {
  if (o.status !== "delivered" || !o.deliveredAt)
    return { ok: false, message: "A return can be asked for once the order has been delivered." };
  if (o.nothingLeft) return { ok: false, message: NOTHING_LEFT_TO_RETURN };
  if (o.hasOpenReturn) return { ok: false, message: "A return for this order is already in progress." };
  if (now.getTime() - o.deliveredAt.getTime() > RETURN_WINDOW_DAYS * 86_400_000)
    return {
      ok: false,
      message: `Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery. For a fault after that, the 1-year warranty applies: please contact us.`,
    };
  if (!allowedReturnReasons(o).includes(reason))
    return {
      ok: false,
      message:
        o.kind === "custom"
          ? "Custom signs are made to your design, so they can be returned only if they arrive defective, damaged in shipping or made differently from the design."
          : "International orders can be returned only if they arrive defective or damaged in shipping.",
    };
  return { ok: true };
}

/** Until when a delivered order can be returned (null when it cannot now). */
export function returnDeadline(o: ReturnableOrder, now: Date): Date | null {
  if (o.status !== "delivered" || !o.deliveredAt || o.hasOpenReturn || o.nothingLeft) return null;
  const end = new Date(o.deliveredAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000);
  return end.getTime() >= now.getTime() ? end : null;
}

const MOVES: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ["approved", "refused"],
  approved: ["received"],
  received: ["refunded"],
  refused: [],
  refunded: [],
};

export function checkReturnMove(from: ReturnStatus, to: ReturnStatus): ReturnCheck {
  if (MOVES[from].includes(to)) return { ok: true };
  return {
    ok: false,
    message: `A return cannot go from "${RETURN_STATUS_LABELS[from]}" to "${RETURN_STATUS_LABELS[to]}".`,
  };
}

/** Stock goes back only for a ready-made sign found resaleable on inspection. */
export function returnsStock(kind: OrderKind, resaleable: boolean): boolean {
  return kind === "order" && resaleable;
}

/** A description or note: several lines are fine (text.ts). */
const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .superRefine(freeText(label.charAt(0).toUpperCase() + label.slice(1)));

/** The shopper's (and staff's) return request form. */
export const returnRequestSchema = z.object({
  reason: z.enum(RETURN_REASONS, { error: "Choose why you are returning the sign." }),
  details: text(1000, "description").min(
    10,
    "Tell us in a few words what is wrong (at least 10 characters).",
  ),
});

/** Staff's decisions on a return. */
export const returnDecisionSchema = z.discriminatedUnion("to", [
  z.object({ to: z.literal("approved"), note: text(500, "note").optional() }),
  z.object({
    to: z.literal("refused"),
    note: text(500, "reason").min(5, "Give the shopper the reason for refusing."),
  }),
  z.object({
    to: z.literal("received"),
    resaleable: z.enum(["yes", "no"], { error: "Say whether the sign can be sold again." }),
    note: text(500, "inspection note").optional(),
  }),
]);
