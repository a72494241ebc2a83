import { freeText, singleLine } from "~/shared/text";
import { z } from "~/shared/zod";
import {
  checkProductionProof,
  PROOF_OVERRIDE_MAX,
  type ProofState,
} from "~/features/design-proofs/design-proofs";
import {
  type OrderStatus,
  type PaymentStatus,
  type PaymentMethod,
  orderStatusLabel,
  paymentStatusLabel,
  PAYMENT_STATUS_IDS,
  ORDER_STATUS_IDS,
  RTO_REASON_IDS,
  type RtoReason,
} from "~/features/order-lifecycle/order-status";

/**
 * The order workflow for staff (PRODUCT.md "Order workflow for staff"): which status and payment-status
 * moves are allowed, what they need, and the forms that ask for them. Pure; the
 * server checks every move with these rules inside the transaction that makes it.
 */

// ---------------------------------------------------------------------------------------------------
// Order status

/**
 * Forward one step at a time; cancelled from any state before dispatched; a dispatched order is delivered
 * or comes back to us (returned to origin, RTO); delivered, cancelled and RTO are final.
 */
const STATUS_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["in_production", "cancelled"],
  in_production: ["dispatched", "cancelled"],
  dispatched: ["delivered", "rto"],
  delivered: [],
  cancelled: [],
  rto: [],
};

/** Moves that put a ready-made order's stock back (once: the order's stock_released_at). */
export function returnsStock(to: OrderStatus): boolean {
  return to === "cancelled" || to === "rto";
}

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return STATUS_MOVES[from] ?? [];
}

export type OrderState = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  /** Custom orders: the state of the latest design proof (null: none sent). Absent: no proof rule applies. */
  latestProof?: ProofState | null | undefined;
};

export type StatusMove = {
  to: OrderStatus;
  courier?: string | undefined;
  trackingNumber?: string | undefined;
  rtoReason?: RtoReason | undefined;
  note?: string | undefined;
  /** Staff's reason to put a custom order into production without an approved proof. */
  proofOverride?: string | undefined;
};

export type MoveCheck =
  | { ok: true }
  | {
      ok: false;
      message: string;
      field?: "courier" | "trackingNumber" | "to" | "rtoReason" | "note" | "proofOverride";
    };

export function checkStatusMove(order: OrderState, move: StatusMove): MoveCheck {
  const { status: from } = order;
  if (from === move.to)
    return { ok: false, field: "to", message: `The order is already ${orderStatusLabel(from)}.` };
  if (!nextStatuses(from).includes(move.to)) {
    if (move.to === "rto") {
      return {
        ok: false,
        field: "to",
        message: "Only a dispatched order can be marked returned to origin (RTO).",
      };
    }
    if (move.to === "cancelled") {
      return {
        ok: false,
        field: "to",
        message: `A ${orderStatusLabel(from).toLowerCase()} order cannot be cancelled.`,
      };
    }
    return {
      ok: false,
      field: "to",
      message: `An order cannot move from ${orderStatusLabel(from)} to ${orderStatusLabel(move.to)}.`,
    };
  }
  if (move.to === "confirmed" && order.paymentMethod === "razorpay" && order.paymentStatus !== "paid") {
    return { ok: false, field: "to", message: "An online order can be confirmed only after it is paid." };
  }
  if (move.to === "dispatched") {
    if (!move.courier?.trim()) return { ok: false, field: "courier", message: "Enter the courier." };
    if (!move.trackingNumber?.trim())
      return { ok: false, field: "trackingNumber", message: "Enter the tracking number." };
  }
  if (move.to === "rto") {
    if (!move.rtoReason) return { ok: false, field: "rtoReason", message: "Choose why the order came back." };
    if (move.rtoReason === "other" && !move.note?.trim())
      return { ok: false, field: "note", message: "Say in the note why the order came back." };
  }
  if (move.to === "in_production" && order.latestProof !== undefined) {
    const proof = checkProductionProof(order.latestProof, move.proofOverride);
    if (!proof.ok) return { ok: false, field: "proofOverride", message: proof.message };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------
// Payment status

export function checkPaymentMove(order: OrderState, to: PaymentStatus): MoveCheck {
  const from = order.paymentStatus;
  if (from === to)
    return { ok: false, field: "to", message: `The payment is already ${paymentStatusLabel(from)}.` };
  if (order.status === "cancelled" && !(from === "paid" && to === "refunded")) {
    return { ok: false, field: "to", message: "A cancelled order's payment can only be refunded." };
  }
  if (order.status === "rto" && !(from === "paid" && to === "refunded")) {
    return { ok: false, field: "to", message: "A returned (RTO) order's payment can only be refunded." };
  }
  switch (to) {
    case "paid":
      if (from === "refunded")
        return { ok: false, field: "to", message: "A refunded payment cannot be marked paid again." };
      // Cash on delivery is collected when the sign is handed over.
      if (order.paymentMethod === "cod" && order.status !== "delivered" && order.status !== "dispatched") {
        return {
          ok: false,
          field: "to",
          message: "A cash on delivery order is marked paid when it is delivered.",
        };
      }
      return { ok: true };
    case "pending":
      if (from === "paid" && order.paymentMethod === "razorpay") {
        return { ok: false, field: "to", message: "A paid online order cannot go back to pending." };
      }
      if (from === "refunded")
        return { ok: false, field: "to", message: "A refunded payment cannot go back to pending." };
      return { ok: true };
    case "failed":
      if (from !== "pending")
        return {
          ok: false,
          field: "to",
          message: `A ${paymentStatusLabel(from).toLowerCase()} payment cannot be marked failed.`,
        };
      return { ok: true };
    case "refunded":
      if (from !== "paid") return { ok: false, field: "to", message: "Only a paid order can be refunded." };
      return { ok: true };
  }
}

export function nextPaymentStatuses(order: OrderState): PaymentStatus[] {
  return PAYMENT_STATUS_IDS.filter((to) => checkPaymentMove(order, to).ok);
}

// ---------------------------------------------------------------------------------------------------
// Forms (one schema per form, used by the dialog and the action)

const note = z
  .string()
  .trim()
  .max(500, "Keep the note under 500 characters.")
  .superRefine(freeText("Note"))
  .optional()
  .transform((v) => (v ? v : undefined));

/** The courier or tracking number, printed on labels: one line (text.ts), and no tabs either. */
const shortText = (label: string) =>
  z
    .string()
    .trim()
    .max(80, `Keep the ${label} under 80 characters.`)
    .superRefine(singleLine(label.charAt(0).toUpperCase() + label.slice(1)))
    .refine((v) => !v.includes("\t"), `The ${label} has characters that are not allowed.`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const orderKindSchema = z.enum(["order", "custom"]);

export const statusChangeSchema = z
  .object({
    intent: z.literal("status"),
    kind: orderKindSchema,
    id: z.uuid("Unknown order."),
    to: z.enum(ORDER_STATUS_IDS, "Choose a status."),
    expected: z.enum(ORDER_STATUS_IDS).optional(),
    courier: shortText("courier"),
    trackingNumber: shortText("tracking number"),
    rtoReason: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(RTO_REASON_IDS, "Choose why the order came back.").optional(),
    ),
    note,
    proofOverride: z
      .string()
      .trim()
      .max(PROOF_OVERRIDE_MAX, `Keep the reason under ${PROOF_OVERRIDE_MAX} characters.`)
      .superRefine(singleLine("Reason"))
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((v, ctx) => {
    if (v.to === "rto") {
      if (!v.rtoReason)
        ctx.addIssue({ code: "custom", path: ["rtoReason"], message: "Choose why the order came back." });
      else if (v.rtoReason === "other" && !v.note)
        ctx.addIssue({ code: "custom", path: ["note"], message: "Say in the note why the order came back." });
    }
    if (v.to !== "dispatched") return;
    if (!v.courier) ctx.addIssue({ code: "custom", path: ["courier"], message: "Enter the courier." });
    if (!v.trackingNumber)
      ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: "Enter the tracking number." });
  });

export const paymentChangeSchema = z.object({
  intent: z.literal("payment"),
  kind: orderKindSchema,
  id: z.uuid("Unknown order."),
  to: z.enum(PAYMENT_STATUS_IDS, "Choose a payment status."),
  expected: z.enum(PAYMENT_STATUS_IDS).optional(),
  note,
});

export const orderChangeSchema = z.discriminatedUnion("intent", [statusChangeSchema, paymentChangeSchema]);

type Loose<T, K extends keyof T> = Omit<T, K> & { [P in K]?: T[P] | undefined };
/** A checked status change (optional parts may be left out by server callers). */
export type StatusChange = Loose<
  z.output<typeof statusChangeSchema>,
  "intent" | "courier" | "trackingNumber" | "note" | "rtoReason" | "proofOverride"
>;
export type PaymentChange = Loose<z.output<typeof paymentChangeSchema>, "intent" | "note">;
