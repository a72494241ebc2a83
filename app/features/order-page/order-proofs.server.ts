import { data } from "react-router";
import {
  PROOF_COMMENT_MAX,
  PROOF_STATE_LABELS,
  proofAnswerSchema,
} from "~/features/design-proofs/design-proofs";
import { formValues } from "~/shared/form-errors";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { answerDesignProof, shopperProofs } from "~/features/design-proofs/design-proofs.server";
import { findOrderByToken } from "~/features/order-page/shopper-order.server";

/**
 * The design proofs shown on a custom order's page (none for a regular order or a bad token), each with
 * its state's label, and the comment's length limit: the page loads no proof rules (nor zod).
 */
export async function proofsForOrderPage(token: string | undefined) {
  const ref = token ? await findOrderByToken(token) : null;
  const proofs = ref?.kind === "custom" ? await shopperProofs(ref.id) : [];
  return {
    versions: proofs.map((p) => ({ ...p, stateLabel: PROOF_STATE_LABELS[p.state] })),
    commentMax: PROOF_COMMENT_MAX,
  };
}

/** The order page's "Approve" and "Ask for changes" (rate limit and body cap applied by the caller). */
export async function answerProofFromPage(token: string, form: FormData) {
  const parsed = proofAnswerSchema.safeParse(formValues(form));
  if (!parsed.success)
    return data(failedAnswer(parsed.error.issues[0]?.message ?? "Check your answer."), { status: 400 });
  const ref = await findOrderByToken(token);
  if (!ref || ref.kind !== "custom") return data(failedAnswer("Order not found."), { status: 404 });
  const r = await answerDesignProof(ref.id, parsed.data);
  if (!r.ok) return data(failedAnswer(r.message), { status: r.status });
  return data({ ...okAnswer(), proofAnswered: r.state });
}
