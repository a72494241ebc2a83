import { inertText } from "~/shared/mail-safety";
import { paragraphs, shopperEmail, type EmailStore } from "~/features/order-lifecycle/shopper-email";
import { freeText } from "~/shared/text";
import { z } from "~/shared/zod";

/**
 * Design proofs of custom orders (issue 18): staff send a picture of how the sign will look; the shopper
 * approves it or asks for changes from their order page. A custom order goes into production only once its
 * latest proof is approved, unless staff override with a reason. Pure: the server applies these rules
 * under the order's row lock.
 */

export const PROOF_STATES = ["sent", "approved", "changes_requested"] as const;
export type ProofState = (typeof PROOF_STATES)[number];

export const PROOF_STATE_LABELS: Record<ProofState, string> = {
  sent: "Waiting for your answer",
  approved: "Approved",
  changes_requested: "Changes requested",
};

export const MAX_PROOF_IMAGE_BYTES = 8 * 1024 * 1024;
export const PROOF_MESSAGE_MAX = 1000;
export const PROOF_COMMENT_MAX = 1000;
export const PROOF_OVERRIDE_MAX = 300;

const PROOF_REQUIRED_MESSAGE =
  "A custom order goes into production only after the shopper approves its latest design proof. To go ahead anyway, give a reason to override.";

/** Whether a custom order may move to in production, given the state of its latest proof (null: none sent). */
export function checkProductionProof(
  latest: ProofState | null,
  overrideReason: string | undefined,
): { ok: true; overridden: boolean } | { ok: false; message: string } {
  if (latest === "approved") return { ok: true, overridden: false };
  if (overrideReason?.trim()) return { ok: true, overridden: true };
  return { ok: false, message: PROOF_REQUIRED_MESSAGE };
}

/** The history note of an overridden production move. */
export function proofOverrideNote(latest: ProofState | null, reason: string): string {
  const state =
    latest === null ? "no proof sent" : `latest proof ${PROOF_STATE_LABELS[latest].toLowerCase()}`;
  return `Proof approval overridden (${state}): ${reason.trim()}`;
}

/** A shopper's answer may change only the latest proof, and only while it waits for an answer. */
export function checkProofAnswer(
  proof: { version: number; state: ProofState },
  latestVersion: number,
): { ok: true } | { ok: false; message: string } {
  if (proof.version !== latestVersion)
    return { ok: false, message: "A newer proof has been sent. Please look at the latest one." };
  if (proof.state === "approved") return { ok: false, message: "You have already approved this proof." };
  if (proof.state === "changes_requested")
    return { ok: false, message: "You have already asked for changes to this proof." };
  return { ok: true };
}

/** A message or comment: several lines are fine (text.ts). */
const plainText = (label: string, max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).superRefine(freeText(label));

/** Staff's proof form (the picture is checked by the upload pipeline). */
export const sendProofSchema = z.object({
  id: z.uuid("Unknown order."),
  message: plainText("Message", PROOF_MESSAGE_MAX, `Keep the message under ${PROOF_MESSAGE_MAX} characters.`),
});

/** The shopper's answer on the order page. */
export const proofAnswerSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("proof-approve"),
    version: z.coerce.number().int().positive(),
  }),
  z.object({
    intent: z.literal("proof-changes"),
    version: z.coerce.number().int().positive(),
    comment: plainText(
      "Comment",
      PROOF_COMMENT_MAX,
      `Keep your comment under ${PROOF_COMMENT_MAX} characters.`,
    ).refine((v) => v.length > 0, "Tell us what to change."),
  }),
]);
export type ProofAnswer = z.output<typeof proofAnswerSchema>;

export type ProofEmailInput = {
  orderRef: string;
  customerName: string;
  version: number;
  message: string;
  orderUrl: string;
  isTest?: boolean;
};

/** The shopper's e-mail for a new proof: the staff message and the link to approve or ask for changes. */
export function buildProofEmail(p: ProofEmailInput, store: EmailStore) {
  const test = p.isTest ? "[TEST] " : "";
  const subject = `${test}Your design proof for order ${p.orderRef} is ready${p.version > 1 ? ` (version ${p.version})` : ""}`;
  const message = inertText(p.message);
  const lines = [
    `We have prepared ${p.version > 1 ? `version ${p.version} of ` : ""}the design proof for your custom sign, order ${p.orderRef}.`,
    "Please look at it and approve it, or tell us what to change. We start making your sign once you approve it.",
  ];
  const content = shopperEmail(
    store,
    p.customerName,
    [
      ...paragraphs(lines),
      ...(message
        ? [
            { kind: "paragraph" as const, text: "Our note:" },
            { kind: "lines" as const, lines: message.split("\n") },
          ]
        : []),
      { kind: "button" as const, url: p.orderUrl, label: "See the proof and approve it or ask for changes" },
    ],
    lines[0],
  );
  return { subject, content };
}
