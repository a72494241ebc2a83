import { data } from "react-router";
import { proofAnswerSchema } from "~/features/design-proofs/design-proofs";
import { formValues } from "~/shared/form-errors";
import { answerDesignProof, shopperProofs } from "~/features/design-proofs/design-proofs.server";
import { findOrderByToken } from "~/features/order-page/shopper-order.server";

/** The design proofs shown on a custom order's page (empty for a regular order or a bad token). */
export async function proofsForOrderPage(token: string | undefined) {
  const ref = token ? await findOrderByToken(token) : null;
  return ref?.kind === "custom" ? shopperProofs(ref.id) : [];
}

/** The order page's "Approve" and "Ask for changes" (rate limit and body cap applied by the caller). */
export async function answerProofFromPage(token: string, form: FormData) {
  const parsed = proofAnswerSchema.safeParse(formValues(form));
  if (!parsed.success)
    return data(
      { error: parsed.error.issues[0]?.message ?? "Check your answer.", proofError: true },
      { status: 400 },
    );
  const ref = await findOrderByToken(token);
  if (!ref || ref.kind !== "custom") return data({ error: "Order not found." }, { status: 404 });
  const r = await answerDesignProof(ref.id, parsed.data);
  if (!r.ok) return data({ error: r.message, proofError: true }, { status: r.status });
  return data({ proofAnswered: r.state });
}
