import { data } from "react-router";
import { fieldErrorsOf, formValues } from "~/shared/form-errors";
import { cancelOrderSchema, LOOKUP_ANSWER, orderLookupSchema } from "~/features/order-page/order-page";
import { requestOrderLink } from "~/features/order-page/order-page-emails.server";
import { clientNetwork } from "~/platform/auth/auth.server";
import { BadFormBody, BodyTooLarge, readFormData } from "~/platform/http/form-body.server";
import { consume, RateLimited, type LimitName } from "~/platform/limits/rate-limit.server";
import { cancelOrderByShopper } from "~/features/order-page/shopper-cancel.server";
import {
  findOrderByToken,
  loadShopperOrder,
  paymentHandoffForOrder,
} from "~/features/order-page/shopper-order.server";
import { returnRequestSchema } from "~/features/after-sale/returns";
import { requestReturn } from "~/features/after-sale/returns.server";
import { answerProofFromPage } from "~/features/order-page/order-proofs.server";

/** The order page's loader and actions (cancel, pay again), with their rate limits and body cap. */

// A proof comment of 1,000 Devanagari characters is about 9 KB once form-encoded.
const ACTION_MAX_BYTES = 12_288;

export async function orderPageLoader(token: string | undefined, context: unknown) {
  try {
    await consume("orderPagePerClient", clientNetwork(context));
  } catch (err) {
    if (err instanceof RateLimited)
      throw data(null, { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds) } });
    throw err;
  }
  return token ? loadShopperOrder(token) : null;
}

/**
 * A public form post of the order pages: the client's rate limit first, then the body read with a cap;
 * 429, 413 or 400 with a message people can read when either fails.
 */
async function limitedForm(request: Request, context: unknown, limit: LimitName, maxBytes: number) {
  try {
    await consume(limit, clientNetwork(context));
    return { ok: true as const, form: await readFormData(request, maxBytes) };
  } catch (err) {
    const answer = (error: string, status: number, headers: Record<string, string> = {}) => ({
      ok: false as const,
      answer: data({ error }, { status, headers }),
    });
    if (err instanceof RateLimited)
      return answer(err.message, 429, { "Retry-After": String(err.retryAfterSeconds) });
    if (err instanceof BodyTooLarge) return answer("That request is too large.", 413);
    if (err instanceof BadFormBody) return answer("That request could not be read.", 400);
    throw err;
  }
}

export async function orderPageAction(token: string | undefined, request: Request, context: unknown) {
  const read = await limitedForm(request, context, "orderActionPerClient", ACTION_MAX_BYTES);
  if (!read.ok) return read.answer;
  const form = read.form;
  if (!token) return data({ error: "Order not found." }, { status: 404 });
  const intent = form.get("intent");
  if (intent === "cancel") {
    const parsed = cancelOrderSchema.safeParse({ reason: form.get("reason") ?? undefined });
    if (!parsed.success)
      return data({ error: parsed.error.issues[0]?.message ?? "Check the reason." }, { status: 400 });
    const r = await cancelOrderByShopper(token, parsed.data.reason);
    if (!r.ok) return data({ error: r.message }, { status: r.status });
    return data({ cancelled: true, refund: r.refund });
  }
  if (intent === "return") {
    const parsed = returnRequestSchema.safeParse({
      reason: form.get("reason") ?? undefined,
      details: form.get("details") ?? "",
    });
    if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error) }, { status: 400 });
    const ref = await findOrderByToken(token);
    if (!ref) return data({ error: "Order not found." }, { status: 404 });
    const r = await requestReturn(ref, parsed.data, "shopper", null);
    if (!r.ok) return data({ error: r.message }, { status: r.status });
    return data({ returned: true });
  }
  if (intent === "proof-approve" || intent === "proof-changes") return answerProofFromPage(token, form);
  if (intent === "pay") {
    const handoff = await paymentHandoffForOrder(token);
    if (!handoff)
      return data(
        { error: "This order can no longer be paid online. Please place it again." },
        { status: 409 },
      );
    return data({ handoff });
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

const LOOKUP_MAX_BYTES = 2_048;

/** "Find my order": the same answer whatever was typed, once it is well-formed (nothing is revealed). */
export async function findOrderAction(request: Request, context: unknown) {
  const read = await limitedForm(request, context, "orderLookupPerClient", LOOKUP_MAX_BYTES);
  if (!read.ok) return read.answer;
  const form = read.form;
  const parsed = orderLookupSchema.safeParse(formValues(form));
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error) }, { status: 400 });
  await requestOrderLink(parsed.data);
  return data({ sent: LOOKUP_ANSWER });
}
