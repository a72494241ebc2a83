import { data } from "react-router";
import { failedAnswer, okAnswer, CHECK_FIELDS } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import { formatRupees } from "~/shared/money";
import { isUuid } from "~/shared/uuid";
import { orderPageUrl } from "~/shared/order-links";
import { checkoutFormSchema } from "~/features/checkout/checkout";
import { designFromQuery } from "~/features/customizer/customizer";
import { shopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { clientAddress, requireAdmin } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import { sameRuleFor } from "~/shared/staff-access";
import { staffOrderExtrasSchema } from "~/features/channels/staff-order";
import { PAY_LINK_VIAS } from "~/features/channels/pay-link-messages";
import { createStaffOrder } from "~/features/channels/staff-order.server";
import { listChatOrders, productChoices } from "~/features/channels/chat-orders.server";
import { sendPayLink } from "~/features/channels/pay-link-messages.server";
import { openQuotes } from "~/features/logo-quotes/logo-quotes.server";

/*
 * Chat Orders (/admin/orders/new, issue 46): staff with "orders" (change orders) make an order for a shopper
 * met in a chat and send its pay link. The customiser opened with ?for=staff hands its design here (the design's
 * query: text, font, colour, size, dimmer, backing).
 */

/** Up to 50 lines, one custom design's text and the contact and address fields. */
const MAX_BYTES = 64_000;

export async function staffOrderLoader(request: Request) {
  const admin = await requireAdmin(request, "orders");
  const params = new URL(request.url).searchParams;
  const { chatOrders } = await shopSettings();
  const quotes = await openQuotes();
  // Opened from Logo Quotes ("Make a chat order"): the quote chosen, its customer's contact filled in.
  const quote = quotes.find((q) => q.id === params.get("quote")) ?? null;
  return {
    products: await productChoices(),
    design: params.has("text") ? designFromQuery(params) : null,
    quotes,
    quoteId: quote?.id ?? "",
    contact: quote
      ? { name: quote.customerName, phone: quote.customerPhone, email: quote.customerEmail }
      : null,
    limitPercent: chatOrders.staffDiscountLimit,
    payLinkHours: chatOrders.payLinkHours,
    isOwner: admin.user.role === "owner",
    orders: await listChatOrders(),
    publicUrl: storeSettings().publicUrl,
  };
}

const refused = (message: string, status = 422, fieldErrors?: Record<string, string>) =>
  data(failedAnswer(message, fieldErrors), { status });

export const staffOrderAction = formAction(
  {
    guard: "admin",
    permission: "orders",
    intents: sameRuleFor(["create", "send"], { permission: "orders" }),
    // The order's own audit row names the discount and its reason (staff-order.server.ts).
    audit: false,
    maxBytes: MAX_BYTES,
  },
  async (fields, { admin, context }) => {
    if (fields.intent === "send") return send(fields);
    const form = checkoutFormSchema.safeParse({ ...fields, paymentMethod: "razorpay" });
    const extras = staffOrderExtrasSchema.safeParse(fields);
    if (!form.success || !extras.success) {
      const errors = {
        ...(form.success ? {} : fieldErrorsOf(form.error)),
        ...(extras.success ? {} : fieldErrorsOf(extras.error)),
      };
      return refused(CHECK_FIELDS, 400, errors);
    }
    const r = await createStaffOrder(
      { form: form.data, ...extras.data },
      { actor: admin.user, role: admin.user.role, ip: clientAddress(context) },
    );
    if (!r.ok) {
      const lines: Record<string, string> = r.lineErrors?.length ? { items: r.lineErrors.join(" ") } : {};
      return refused(r.message, 422, { ...r.fieldErrors, ...lines });
    }
    return data({
      ...okAnswer(`Order made: ${formatRupees(r.total)} awaiting payment.`),
      made: {
        checkoutId: r.checkoutId,
        displayId: r.displayId,
        url: orderPageUrl(storeSettings().publicUrl, r.token),
        total: r.total,
        expiresAt: r.expiresAt.toISOString(),
      },
    });
  },
);

async function send(fields: Record<string, string>) {
  const via = PAY_LINK_VIAS.find((v) => v === fields.via);
  if (!via || !isUuid(fields.checkoutId ?? "")) return refused("Choose how to send the link.", 400);
  const r = await sendPayLink(fields.checkoutId!, via);
  const how = via === "whatsapp" ? "WhatsApp" : "e-mail";
  if (r === "not-found") return refused("Order not found.", 404);
  if (r === "closed") return refused("This order is paid or its link has expired: nothing to send.", 409);
  if (r === "already") return refused(`The link was already sent by ${how}.`, 409);
  return data(okAnswer(`Pay link sent by ${how}.`));
}
