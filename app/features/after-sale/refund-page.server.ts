import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { adminRefundSchema } from "~/features/after-sale/after-sale-forms";
import { checkRefund, refundableAmount } from "~/features/after-sale/refunds";
import { displayId, type OrderKind, type PaymentMethod } from "~/features/order-lifecycle/order-status";
import { failedAnswer, okAnswer, type FormAnswer } from "~/shared/form-answer";
import { isUuid } from "~/shared/uuid";
import { z } from "~/shared/zod";
import { db } from "~/platform/db/client.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { formAction } from "~/platform/http/form-action.server";
import { paidAmount, refundsOf } from "./refunds.server";
import { refundFromAdmin } from "./returns.server";

/*
 * The refund on a page of its own (issue 27): the same refund as the order dialog's form, asked and confirmed
 * without JavaScript. The form posts here; without `confirmed=yes` the answer is the question "Refund ₹500 to
 * {name}?" as a real form (every field carried, Confirm and Cancel); with it, the refund is made.
 */

export type RefundPageOrder = {
  kind: OrderKind;
  id: string;
  displayId: string;
  customerName: string;
  paymentMethod: PaymentMethod;
  /** Rupees paid, and what can still be refunded. */
  paid: number;
  left: number;
};

/** The order a refund page is for, with what can still be refunded; null when there is no such order. */
export async function refundPageOrder(kind: string, id: string): Promise<RefundPageOrder | null> {
  if ((kind !== "order" && kind !== "custom") || !isUuid(id)) return null;
  const t = kind === "order" ? orders : customNeonOrders;
  const [o] = await db()
    .select({
      customerName: t.customerName,
      paymentMethod: t.paymentMethod,
      paymentStatus: t.paymentStatus,
      totalAmount: t.totalAmount,
    })
    .from(t)
    .where(eq(t.id, id));
  if (!o) return null;
  const paid = paidAmount(o);
  const left = refundableAmount(paid, await refundsOf(db(), { kind, id }));
  return {
    kind,
    id,
    displayId: displayId(kind, id),
    customerName: o.customerName,
    paymentMethod: o.paymentMethod as PaymentMethod,
    paid,
    left,
  };
}

/** A new form key: a resent form refunds once. */
export const newRequestKey = () => crypto.randomUUID();

/** The page's form: the dialog's refund, with the confirmation still to come. */
const refundPageSchema = adminRefundSchema.extend({ confirmed: z.literal("yes").optional() });

/** What the page's form answers: the question to confirm, the refund made, or why not. */
export type RefundPageAnswer = FormAnswer & {
  /** The question step: the fields as checked, to be sent again with confirmed=yes. */
  confirm?: { fields: Record<string, string>; amount: number; customerName: string };
  done?: boolean;
};

export const refundPageAction = formAction(
  { guard: "admin", permission: "refunds", stepUp: true, maxBytes: 4_096, schema: refundPageSchema },
  async (input, { admin }) => {
    const order = await refundPageOrder(input.kind, input.id);
    if (!order) return data<RefundPageAnswer>(failedAnswer("Order not found."), { status: 404 });
    if (input.confirmed !== "yes") {
      const rows = await refundsOf(db(), order);
      const check = checkRefund(order.paid, rows, input.amount);
      if (!check.ok)
        return data<RefundPageAnswer>(failedAnswer(check.message, { amount: check.message }), {
          status: 409,
        });
      const fields: Record<string, string> = {
        intent: "refund",
        kind: input.kind,
        id: input.id,
        amount: String(input.amount),
        reason: input.reason,
        requestKey: input.requestKey,
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.returnId ? { returnId: input.returnId } : {}),
      };
      return data<RefundPageAnswer>({
        ok: true,
        confirm: { fields, amount: input.amount, customerName: order.customerName },
      });
    }
    const r = await refundFromAdmin(order, input, admin.user);
    if (!r.ok) return data<RefundPageAnswer>(failedAnswer(r.message), { status: r.status });
    return data<RefundPageAnswer>({ ...okAnswer("Refund started."), done: true });
  },
);
