import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { CartItem } from "~/features/cart/cart";
import type { CheckoutForm, PlaceOrderRequest } from "~/features/checkout/checkout";
import { measuredDesignChecks } from "~/features/customizer/measured-checks.server";
import { courierRefusal } from "~/features/couriers/couriers.server";
import {
  goodsSubtotal,
  priceCheckout,
  priceCustomLines,
  priceProductLines,
  requestedLines,
} from "~/features/checkout/order-pricing";
import {
  checkQuantities,
  shippingChoice,
  shopperKeys,
  splitLines,
} from "~/features/checkout/place-order-checks";
import { planRefusal } from "~/features/checkout/place-order-rules";
import { reductionsFor } from "~/features/checkout/reductions.server";
import { lockProducts } from "~/features/checkout/take-stock.server";
import { writeOrders } from "~/features/checkout/write-orders.server";
import { checkouts } from "~/features/checkout/tables.server";
import { customNeonOrders, orders } from "~/features/order-lifecycle/tables.server";
import { payLinks } from "~/features/payments/tables.server";
import { paymentGateway } from "~/features/payments/gateway.server";
import { payLinkTimes } from "~/features/order-lifecycle/pay-link-state";
import { displayId, type ChatApp } from "~/features/order-lifecycle/order-status";
import { shopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { db, type Tx } from "~/platform/db/client.server";
import { recordAudit, type AuditActor } from "~/platform/audit.server";
import { logger } from "~/platform/logger.server";
import type { Role } from "~/shared/staff-access";
import { quoteRef } from "~/features/logo-quotes/logo-quotes";
import { logoQuotes } from "~/features/logo-quotes/tables.server";
import {
  lockQuoteForOrder,
  markQuoteOrdered,
  quoteCustomLine,
} from "~/features/logo-quotes/quote-orders.server";
import { staffDiscountRefusal, withStaffDiscount } from "./staff-order";
import { codPlanFor } from "./pay-link-cod-plan.server";

/*
 * Orders staff make for a shopper met in a chat (issue 46, decision 067): the lines read and priced by the
 * checkout's own rules (never a price from the browser), the contact and address checked as the checkout checks
 * them (the caller parsed them with its schema; the courier's PIN and state check here), the staff discount
 * within the settings' limit unless an Owner makes it, then one transaction: the checkout (online, awaiting
 * payment, no hold), its orders (channel "chat", holding no stock), the pay link and the audit row.
 */

export type StaffOrderInput = {
  form: CheckoutForm;
  items: CartItem[];
  chatApp: ChatApp;
  discount: number;
  discountReason: string;
  /** A priced logo quote ordered as one more line, at the quote's price. */
  quoteId?: string | undefined;
};

export type StaffOrderOutcome =
  | { ok: true; checkoutId: string; token: string; displayId: string; total: number; expiresAt: Date }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; lineErrors?: string[] };

class Refused extends Error {
  constructor(readonly outcome: Extract<StaffOrderOutcome, { ok: false }>) {
    super(outcome.message);
  }
}

const refuse = (message: string, fieldErrors?: Record<string, string>, lineErrors?: string[]): never => {
  throw new Refused({
    ok: false,
    message,
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(lineErrors ? { lineErrors } : {}),
  });
};

/** Make the staff order and its pay link; or say what to fix. */
export async function createStaffOrder(
  input: StaffOrderInput,
  staff: { actor: AuditActor; role: Role; ip: string | null },
  now = new Date(),
): Promise<StaffOrderOutcome> {
  const gateway = paymentGateway();
  if (gateway.mode === "off")
    return { ok: false, message: "Online payment is off: enter the Razorpay keys in Settings > Keys first." };
  const form = { ...input.form, paymentMethod: "razorpay" as const };
  const { lines, errors } = requestedLines(input.items, measuredDesignChecks);
  if (errors.length) return { ok: false, message: errors[0]!, lineErrors: errors };
  const custom = lines.some((l) => l.kind === "custom") || input.quoteId !== undefined;
  const courier = await courierRefusal({ ...form, custom });
  if (courier)
    return { ok: false, message: courier.message, fieldErrors: { [courier.field]: courier.message } };
  // Whether the courier collects cash there: the link then offers cash on delivery (codPlanFor).
  const codCourier = await courierRefusal({ ...form, paymentMethod: "cod", custom });
  const settings = await shopSettings();
  const quantities = checkQuantities(lines, settings.limits);
  if (!quantities.ok) return { ok: false, message: quantities.answer.message };
  const req: PlaceOrderRequest = { idempotencyKey: `staff-${crypto.randomUUID()}`, form, items: input.items };
  try {
    const written = await db().transaction((tx) =>
      writeStaffOrder(tx, req, input, splitLines(lines), {
        settings,
        staff,
        isTest: gateway.mode === "test",
        now,
        codByCourier: !codCourier,
      }),
    );
    logger.info({ checkoutId: written.checkoutId, chat: input.chatApp }, "staff order made with a pay link");
    return { ok: true, ...written };
  } catch (err) {
    if (err instanceof Refused) return err.outcome;
    throw err;
  }
}

type Context = {
  settings: Awaited<ReturnType<typeof shopSettings>>;
  staff: { actor: AuditActor; role: Role; ip: string | null };
  isTest: boolean;
  now: Date;
  codByCourier: boolean;
};

async function writeStaffOrder(
  tx: Tx,
  req: PlaceOrderRequest,
  input: StaffOrderInput,
  lines: ReturnType<typeof splitLines>,
  c: Context,
) {
  const keys = shopperKeys(req.form, undefined);
  const [created] = await tx
    .insert(checkouts)
    .values({
      idempotencyKey: req.idempotencyKey,
      requestHash: crypto.createHash("sha256").update(JSON.stringify(req)).digest("hex"),
      paymentMethod: "razorpay",
      totalAmount: 0,
      isTest: c.isTest,
      customerPhone: keys.phone,
      customerEmail: keys.email,
      addressKey: keys.addressKey,
    })
    .returning({ id: checkouts.id });
  const checkoutId = created!.id;
  // Priced from the products as they are now (locked until commit); nothing is taken from stock yet.
  const records = await lockProducts(
    tx,
    lines.productLines.map((l) => l.productId),
  );
  const { priced, errors } = priceProductLines(lines.productLines, records);
  if (errors.length) refuse(errors[0]!, undefined, errors);
  const quote = input.quoteId ? await quoteFor(tx, input.quoteId) : null;
  const designs = priceCustomLines(lines.customLines);
  // The offers see the shop's own lines; a quote's price is already staff's own (as on the quote's checkout).
  const reduced = await reductionsFor(
    tx,
    { products: priced, customs: designs },
    { typed: undefined, shopper: null },
  );
  const customs = quote ? [...designs, quote.line] : designs;
  const offers = reduced.reductions;
  const goods = goodsSubtotal(priced, customs) - (offers.offers?.amount ?? 0);
  const limitPercent = c.settings.chatOrders.staffDiscountLimit;
  const isOwner = c.staff.role === "owner";
  const why = staffDiscountRefusal({
    goods,
    discount: input.discount,
    reason: input.discountReason,
    limitPercent,
    isOwner,
  });
  if (why) refuse(why.message, { [why.field]: why.message });
  const reductions = withStaffDiscount(priced, customs, offers, input.discount);
  const outcome = priceCheckout(
    priced,
    customs,
    shippingChoice(req.form),
    c.settings.shipping,
    reductions,
    c.settings.prepaid.prepaidDiscount,
  );
  if (!outcome.ok) refuse(outcome.message, { [outcome.field]: outcome.message });
  const plan = outcome.ok ? outcome.plan : null!;
  const planWhy = planRefusal({
    paymentMethod: "razorpay",
    plan,
    custom: customs.length > 0,
    pincode: req.form.pincode,
    limits: c.settings.limits,
    prepaidRules: c.settings.prepaid,
    riskHistory: null,
    contact: storeSettings(),
  });
  if (planWhy) refuse(planWhy.message, planWhy.fieldErrors, planWhy.lineErrors);
  // The quote's logo is its order's picture (the customiser's designs are drawn from their text).
  const previews = plan.custom.map((o) => (quote && o.line === quote.line ? quote.row.imageKey : null));
  await writeOrders(tx, checkoutId, req, plan, previews, c.isTest, []);
  if (quote) await markQuoteOrdered(tx, quote.row, checkoutId);
  // The orders wait for their payment holding no stock (markPaid takes it: payments/pay-link.server.ts).
  for (const t of [orders, customNeonOrders])
    await tx
      .update(t)
      .set({ channel: "chat", chatApp: input.chatApp, stockReleasedAt: sql`now()` })
      .where(eq(t.checkoutId, checkoutId));
  await tx.update(checkouts).set({ totalAmount: plan.totalAmount }).where(eq(checkouts.id, checkoutId));
  const times = payLinkTimes(c.now, c.settings.chatOrders.payLinkHours);
  const codPlan = await codPlanFor(tx, checkoutId, {
    req,
    priced,
    customs,
    reductions,
    settings: c.settings,
    codByCourier: c.codByCourier,
  });
  const overLimit = input.discount > Math.floor((goods * limitPercent) / 100);
  await tx.insert(payLinks).values({
    checkoutId,
    ...times,
    codPlan,
    staffDiscount: input.discount,
    discountReason: input.discount > 0 ? input.discountReason.trim() : null,
    approvedBy: overLimit && isOwner ? c.staff.actor.email : null,
    createdById: c.staff.actor.id,
    createdByEmail: c.staff.actor.email,
  });
  await recordAudit(
    {
      actor: c.staff.actor,
      ip: c.staff.ip,
      kind: "order",
      action: "staff-order",
      subject: checkoutId,
      after: {
        chat: input.chatApp,
        ...(quote ? { logoQuote: quoteRef(quote.row.id) } : {}),
        total: plan.totalAmount,
        staffDiscount: input.discount,
        discountReason: input.discount > 0 ? input.discountReason.trim() : null,
        discountLimitPercent: limitPercent,
        ownerApproved: overLimit && isOwner,
        expiresAt: times.expiresAt.toISOString(),
      },
    },
    tx,
  );
  const first = await firstOrder(tx, checkoutId);
  return { checkoutId, ...first, total: plan.totalAmount, expiresAt: times.expiresAt };
}

/** The page token and display id of the checkout's first order (the regular order, else its first custom sign). */
async function firstOrder(tx: Tx, checkoutId: string): Promise<{ token: string; displayId: string }> {
  const r = await tx.execute<{ access_token: string; id: string; k: number }>(sql`
    select access_token, id, k from (
      select access_token, id, 0 as k, created_at from orders where checkout_id = ${checkoutId}
      union all select access_token, id, 1 as k, created_at from custom_neon_orders where checkout_id = ${checkoutId}
    ) o order by k, created_at limit 1`);
  const o = r.rows[0]!;
  return { token: o.access_token, displayId: displayId(Number(o.k) === 0 ? "order" : "custom", o.id) };
}

/** The logo quote locked for this order, as its line; refused when it has no price or is already ordered. */
async function quoteFor(tx: Tx, id: string) {
  const locked = await lockQuoteForOrder(tx, eq(logoQuotes.id, id));
  if (!locked.ok) return refuse(locked.message, { quoteId: locked.message });
  return { row: locked.quote, line: quoteCustomLine(locked.quote) };
}
