import { orderDeclarations } from "~/features/invoices/order-declarations.server";
import { loadShopSettings } from "~/features/settings/store-settings.server";
import { data } from "react-router";
import { fieldErrorsOf, formValues } from "~/shared/form-errors";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { cancelOrderSchema, LOOKUP_ANSWER, orderLookupSchema } from "~/features/order-page/order-page";
import { requestOrderLink } from "~/features/order-page/order-page-emails.server";
import { clientNetwork } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import { retryAfter, tryConsume, type LimitRefusal } from "~/platform/limits/rate-limit.server";
import { cancelOrderByShopper } from "~/features/order-page/shopper-cancel.server";
import {
  findOrderByToken,
  loadShopperOrder,
  paymentHandoffForOrder,
} from "~/features/order-page/shopper-order.server";
import { returnRequestSchema } from "~/features/after-sale/returns";
import { requestReturn } from "~/features/after-sale/returns.server";
import { answerProofFromPage } from "~/features/order-page/order-proofs.server";
import { answerNdr } from "~/features/shipments/courier-ndr.server";
import { ndrAnswerSchema } from "~/features/shipments/ndr-answer";
import { answerFromOrderPage } from "~/features/cod-confirmation/cod-confirmation.server";
import { startPrepay } from "~/features/payments/cod-prepay.server";
import { startPayLinkPayment } from "~/features/payments/pay-link.server";
import { choosePayLinkCod } from "~/features/payments/pay-link-cod.server";

/**
 * The order page's loader and actions (cancel, return, proof answers, pay again) and "Find my order", with
 * their rate limits and body caps. Every answer is the one form answer (FormAnswer: ok, message,
 * fieldErrors) with the intent's own data beside it (refund, handoff, proofAnswered).
 */

// A proof comment of 1,000 Devanagari characters is about 9 KB once form-encoded.
const ACTION_MAX_BYTES = 12_288;

export async function orderPageLoader(token: string | undefined, context: unknown) {
  const counted = await tryConsume("orderPagePerClient", clientNetwork(context));
  if (!counted.ok) throw data(null, { status: 429, headers: retryAfter(counted) });
  const order = token ? await loadShopperOrder(token) : null;
  // The package declarations the buyer should find again (issue 32): maker and packer, origin, consumer care.
  const ref = order && token ? await findOrderByToken(token) : null;
  if (!order || !ref) return null;
  return { ...order, declarations: await orderDeclarations(ref, (await loadShopSettings()).settings) };
}

const refused = (message: string, status: number, headers: Record<string, string> = {}) =>
  data(failedAnswer(message), { status, headers });

/**
 * The answers of the order pages' public form posts when the client's rate limit or the body cap
 * refuses them: 429, 413 or 400 with a message people can read.
 */
const limitedFormAnswers = {
  rateLimited: (r: LimitRefusal) => refused(r.message, 429, retryAfter(r)),
  tooLarge: () => refused("That request is too large.", 413),
  unreadable: () => refused("That request could not be read.", 400),
};

const orderPageForm = formAction(
  { guard: "none", limit: "orderActionPerClient", maxBytes: ACTION_MAX_BYTES, answers: limitedFormAnswers },
  (_fields, { form, params }) => orderPageIntent(params.token, form),
);

export async function orderPageAction(token: string | undefined, request: Request, context: unknown) {
  return orderPageForm({ request, context, params: { token } });
}

async function orderPageIntent(token: string | undefined, form: FormData) {
  if (!token) return refused("Order not found.", 404);
  const intent = form.get("intent");
  if (intent === "cancel") {
    const parsed = cancelOrderSchema.safeParse({ reason: form.get("reason") ?? undefined });
    if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Check the reason.", 400);
    const r = await cancelOrderByShopper(token, parsed.data.reason);
    if (!r.ok) return refused(r.message, r.status);
    return data({ ...okAnswer(), cancelled: true, refund: r.refund });
  }
  if (intent === "return") {
    const parsed = returnRequestSchema.safeParse({
      reason: form.get("reason") ?? undefined,
      details: form.get("details") ?? "",
    });
    // The fields say what to fix (no sentence beside them, as before).
    if (!parsed.success) return data(failedAnswer(undefined, fieldErrorsOf(parsed.error)), { status: 400 });
    const ref = await findOrderByToken(token);
    if (!ref) return refused("Order not found.", 404);
    const r = await requestReturn(ref, parsed.data, "shopper", null);
    if (!r.ok) return refused(r.message, r.status);
    return data({ ...okAnswer(), returned: true });
  }
  if (intent === "ndr-answer") {
    const parsed = ndrAnswerSchema.safeParse(formValues(form));
    if (!parsed.success) return data(failedAnswer(undefined, fieldErrorsOf(parsed.error)), { status: 400 });
    const ref = await findOrderByToken(token);
    if (!ref) return refused("Order not found.", 404);
    const r = await answerNdr(ref, parsed.data);
    if (!r.ok) return refused(r.message, r.status);
    return data({ ...okAnswer("Thank you: the courier has your answer."), ndrAnswered: true });
  }
  // COD confirmation (issue 30): the shopper's Confirm or Cancel; a second press finds it answered (409).
  if (intent === "cod-confirm" || intent === "cod-cancel") {
    const r = await answerFromOrderPage(token, intent === "cod-confirm" ? "confirm" : "cancel");
    if (!r.ok) return refused(r.message, r.status);
    return data(
      okAnswer(r.state === "confirmed" ? "Thank you: your order is confirmed." : "Your order is cancelled."),
    );
  }
  if (intent === "proof-approve" || intent === "proof-changes") return answerProofFromPage(token, form);
  // "Pay now instead" (issue 30): the COD order paid online; the answer opens the payment window.
  if (intent === "prepay") {
    const r = await startPrepay(token);
    if (!r.ok) return refused(r.message, r.status);
    return data({ ...okAnswer(), handoff: r.handoff });
  }
  // A staff-made order's pay link (issue 46): refused once expired or sold out, else the payment window.
  if (intent === "pay-link") {
    const r = await startPayLinkPayment(token);
    if (!r.ok) return refused(r.message, r.status);
    return data({ ...okAnswer(), handoff: r.handoff });
  }
  if (intent === "pay-link-cod") {
    const r = await choosePayLinkCod(token);
    if (!r.ok) return refused(r.message, r.status);
    return data(okAnswer("Thank you: your order is placed for cash on delivery."));
  }
  if (intent === "pay") {
    const handoff = await paymentHandoffForOrder(token);
    if (!handoff) return refused("This order can no longer be paid online. Please place it again.", 409);
    return data({ ...okAnswer(), handoff });
  }
  return refused("Unknown action.", 400);
}

const LOOKUP_MAX_BYTES = 2_048;

/** "Find my order": the same answer whatever was typed, once it is well-formed (nothing is revealed). */
const findOrder = formAction(
  {
    guard: "none",
    limit: "orderLookupPerClient",
    maxBytes: LOOKUP_MAX_BYTES,
    schema: orderLookupSchema,
    answers: {
      ...limitedFormAnswers,
      // The fields say what to fix (no sentence beside them).
      invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }),
    },
  },
  async (input) => {
    await requestOrderLink(input);
    return data(okAnswer(LOOKUP_ANSWER));
  },
);

export async function findOrderAction(request: Request, context: unknown) {
  return findOrder({ request, context });
}
