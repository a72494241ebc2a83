import { sql } from "drizzle-orm";
import { COD_ANSWER_VIA, COD_CONFIRMATION_STATES } from "~/features/cod-confirmation/cod-confirmation";
import * as pg from "drizzle-orm/pg-core";
import { createdAt, inList } from "~/platform/db/columns.server";
import { adminUsers } from "~/platform/db/tables.server";
import { checkouts } from "~/features/checkout/tables.server";

/** The tables of the cod-confirmation feature (drizzle-kit reads every tables.server.ts: drizzle.config.ts). */

/**
 * The shopper's confirmation of a cash-on-delivery checkout (issue 30, app/features/cod-confirmation): asked when
 * it is placed, answered once (WhatsApp button, order page, or staff after a call), reminded once at remind_at and
 * cancelled by the sweep at cancel_at while still awaiting. Every change is a conditional update on `state`, so a
 * replayed or late answer, or the sweep racing an answer, changes nothing twice. reply_token is the WhatsApp
 * buttons' unguessable payload.
 */
/** One order of a COD checkout as "Pay now instead" re-prices it (app/features/payments/cod-prepay.ts). */
export type PrepayPlanOrder = {
  kind: "order" | "custom";
  id: string;
  /** The COD charge dropped and the online-payment discount added to the order's offers. */
  codFee: number;
  onlineDiscount: number;
  totalAmount: number;
};

export const codConfirmations = pg.pgTable(
  "cod_confirmations",
  {
    checkoutId: pg
      .uuid("checkout_id")
      .primaryKey()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    replyToken: pg.text("reply_token").notNull(),
    state: pg.text("state", { enum: COD_CONFIRMATION_STATES }).notNull().default("awaiting"),
    remindAt: pg.timestamp("remind_at", { withTimezone: true }).notNull(),
    cancelAt: pg.timestamp("cancel_at", { withTimezone: true }).notNull(),
    remindedAt: pg.timestamp("reminded_at", { withTimezone: true }),
    answeredAt: pg.timestamp("answered_at", { withTimezone: true }),
    answeredVia: pg.text("answered_via", { enum: COD_ANSWER_VIA }),
    answeredBy: pg.uuid("answered_by").references(() => adminUsers.id, { onDelete: "set null" }),
    answeredByEmail: pg.text("answered_by_email"),
    /**
     * "Pay now instead" (issue 30): the gateway order opened for paying this COD checkout online, its amount
     * (rupees, COD charge dropped, online-payment discount taken) and each order's new amounts, fixed when the
     * shopper pressed it; the orders become prepaid only when that payment is verified (prepaid_at).
     */
    prepayRazorpayOrderId: pg.text("prepay_razorpay_order_id"),
    prepayAmount: pg.integer("prepay_amount"),
    prepayIsTest: pg.boolean("prepay_is_test").notNull().default(false),
    prepayPlan: pg.jsonb("prepay_plan").$type<PrepayPlanOrder[]>(),
    prepaidAt: pg.timestamp("prepaid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex("cod_confirmations_reply_token_uq").on(t.replyToken),
    pg.uniqueIndex("cod_confirmations_prepay_order_uq").on(t.prepayRazorpayOrderId),
    pg.check("cod_confirmations_prepay_amount", sql`${t.prepayAmount} is null or ${t.prepayAmount} >= 1`),
    pg.index("cod_confirmations_due_idx").on(t.state, t.cancelAt),
    pg.index("cod_confirmations_created_idx").on(t.createdAt),
    pg.check("cod_confirmations_state", inList(t.state, COD_CONFIRMATION_STATES)),
    pg.check("cod_confirmations_via", inList(t.answeredVia, COD_ANSWER_VIA)),
    pg.check("cod_confirmations_clock", sql`${t.cancelAt} > ${t.remindAt}`),
  ],
);
