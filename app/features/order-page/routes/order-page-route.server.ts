import { data } from "react-router";
import { fieldErrorsOf } from "~/shared/form-errors";
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

/** The order page's loader and actions (cancel, pay again), with their rate limits and body cap. */

// A proof comment of 1,000 Devanagari characters is about 9 KB once form-encoded.
const ACTION_MAX_BYTES = 12_288;

export async function orderPageLoader(token: string | undefined, context: unknown) {
  const counted = await tryConsume("orderPagePerClient", clientNetwork(context));
  if (!counted.ok) throw data(null, { status: 429, headers: retryAfter(counted) });
  return token ? loadShopperOrder(token) : null;
}

const refused = (error: string, status: number, headers: Record<string, string> = {}) =>
  data({ error }, { status, headers });

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
const findOrder = formAction(
  {
    guard: "none",
    limit: "orderLookupPerClient",
    maxBytes: LOOKUP_MAX_BYTES,
    schema: orderLookupSchema,
    answers: {
      ...limitedFormAnswers,
      invalid: (error) => data({ errors: fieldErrorsOf(error) }, { status: 400 }),
    },
  },
  async (input) => {
    await requestOrderLink(input);
    return data({ sent: LOOKUP_ANSWER });
  },
);

export async function findOrderAction(request: Request, context: unknown) {
  return findOrder({ request, context });
}
