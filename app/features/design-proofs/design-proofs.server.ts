import { and, asc, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { failedAnswer, okAnswer } from "~/shared/form-answer";
import { fieldErrorsOf } from "~/shared/form-errors";
import {
  buildProofEmail,
  checkProofAnswer,
  MAX_PROOF_IMAGE_BYTES,
  type ProofAnswer,
  type ProofState,
  sendProofSchema,
} from "~/features/design-proofs/design-proofs";
import { fileBytes, formFiles } from "~/platform/http/form-body.server";
import { formAction } from "~/platform/http/form-action.server";
import { imageAttrs, type StoredImage } from "~/shared/images";
import { orderPageUrl } from "~/shared/order-links";
import { displayId } from "~/features/order-lifecycle/order-status";
import { db, type Tx } from "~/platform/db/client.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { designProofs } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { enqueueWhatsAppProof } from "~/features/whatsapp/whatsapp-updates.server";
import { logger } from "~/platform/logger.server";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { enqueueStaffNotice } from "~/features/order-lifecycle/staff-notice-queue.server";
import { ImageRejected, removeImage, storeImage } from "~/platform/storage/uploads.server";

/*
 * Design proofs of custom orders (issue 18, decision 024). Staff send a picture and a message (a new
 * version each time); the shopper answers the latest one from their order page. Each proof row is the
 * record of that exchange (who sent it, when, the answer and its comment); the status move to production
 * reads the latest proof's state under the order's row lock.
 */

export const PROOF_EMAIL_QUEUE = "mail-design-proof";

/** The latest proof's state of a custom order (null: none sent), read inside the caller's transaction. */
export async function latestProofState(tx: Tx, customOrderId: string): Promise<ProofState | null> {
  const [p] = await tx
    .select({ state: designProofs.state })
    .from(designProofs)
    .where(eq(designProofs.customOrderId, customOrderId))
    .orderBy(desc(designProofs.version))
    .limit(1);
  return p?.state ?? null;
}

export type SendProofResult =
  | { ok: true; version: number }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: "image" | "message" };

/**
 * Check and store the picture (content sniffing, pixel limit, WebP re-encode), then, under the order's row
 * lock, add the next version and queue the shopper's e-mail in the same transaction.
 */
export async function sendDesignProof(
  input: { id: string; message: string },
  file: { bytes: Buffer } | null,
  actor: { id: string; email: string },
): Promise<SendProofResult> {
  if (!file) return { ok: false, status: 400, field: "image", message: "Choose the proof picture." };
  let stored: StoredImage;
  try {
    stored = await storeImage(file.bytes, { maxBytes: MAX_PROOF_IMAGE_BYTES });
  } catch (e) {
    if (e instanceof ImageRejected) return { ok: false, status: 400, field: "image", message: e.message };
    throw e;
  }
  try {
    const result = await db().transaction(async (tx): Promise<SendProofResult> => {
      const [o] = await tx
        .select({ id: customNeonOrders.id, status: customNeonOrders.status })
        .from(customNeonOrders)
        .where(eq(customNeonOrders.id, input.id))
        .for("update");
      if (!o) return { ok: false, status: 404, message: "Order not found." };
      if (o.status === "cancelled" || o.status === "dispatched" || o.status === "delivered")
        return {
          ok: false,
          status: 409,
          message: "Proofs can be sent only before the sign is dispatched, and not for a cancelled order.",
        };
      const [{ top }] = (await tx
        .select({ top: sql<number>`coalesce(max(${designProofs.version}), 0)::int` })
        .from(designProofs)
        .where(eq(designProofs.customOrderId, o.id))) as [{ top: number }];
      const [row] = await tx
        .insert(designProofs)
        .values({
          customOrderId: o.id,
          version: top + 1,
          imageKey: stored.imageKey,
          imageWidth: stored.width,
          imageHeight: stored.height,
          message: input.message,
          sentBy: actor.id,
          sentByEmail: actor.email,
          createdAt: sql`clock_timestamp()`,
        })
        .returning({ id: designProofs.id, version: designProofs.version });
      await enqueueOnce(tx, PROOF_EMAIL_QUEUE, `proof:${row!.id}`, { proofId: row!.id });
      // And on WhatsApp, when the shopper asked for updates there.
      await enqueueWhatsAppProof(tx, o.id, row!.version);
      return { ok: true, version: row!.version };
    });
    if (!result.ok) await removeImage(stored.imageKey);
    else {
      wakeWorkers();
      logger.info({ customOrderId: input.id, version: result.version, by: actor.email }, "design proof sent");
    }
    return result;
  } catch (e) {
    await removeImage(stored.imageKey);
    throw e;
  }
}

export type ProofView = {
  id: string;
  version: number;
  image: { src: string; srcSet: string; width: number; height: number };
  message: string;
  state: ProofState;
  shopperComment: string | null;
  sentByEmail: string | null;
  createdAt: string;
  answeredAt: string | null;
};

/** Every proof of a custom order, oldest first (staff see who sent each; the shopper's view drops that). */
export async function proofsOf(customOrderId: string): Promise<ProofView[]> {
  const rows = await db()
    .select()
    .from(designProofs)
    .where(eq(designProofs.customOrderId, customOrderId))
    .orderBy(asc(designProofs.version));
  const base = publicImageBase();
  return rows.map((p) => ({
    id: p.id,
    version: p.version,
    image: imageAttrs({ imageKey: p.imageKey, width: p.imageWidth, height: p.imageHeight }, 960, base),
    message: p.message,
    state: p.state,
    shopperComment: p.shopperComment,
    sentByEmail: p.sentByEmail,
    createdAt: p.createdAt.toISOString(),
    answeredAt: p.answeredAt?.toISOString() ?? null,
  }));
}

/** The proofs the shopper sees on the order page (no staff e-mails). */
export async function shopperProofs(customOrderId: string) {
  return (await proofsOf(customOrderId)).map(({ sentByEmail: _staff, ...p }) => p);
}

export type AnswerResult =
  { ok: true; state: ProofState } | { ok: false; status: 404 | 409; message: string };

/** The shopper approves the latest proof or asks for changes, once, under the order's row lock. */
export async function answerDesignProof(customOrderId: string, answer: ProofAnswer): Promise<AnswerResult> {
  const result = await db().transaction(async (tx): Promise<AnswerResult> => {
    const [o] = await tx
      .select({ id: customNeonOrders.id, status: customNeonOrders.status })
      .from(customNeonOrders)
      .where(eq(customNeonOrders.id, customOrderId))
      .for("update");
    if (!o) return { ok: false, status: 404, message: "Order not found." };
    const [proof] = await tx
      .select({ id: designProofs.id, version: designProofs.version, state: designProofs.state })
      .from(designProofs)
      .where(and(eq(designProofs.customOrderId, o.id), eq(designProofs.version, answer.version)));
    if (!proof) return { ok: false, status: 404, message: "That proof was not found." };
    if (o.status === "cancelled") return { ok: false, status: 409, message: "This order is cancelled." };
    const [{ top }] = (await tx
      .select({ top: sql<number>`max(${designProofs.version})::int` })
      .from(designProofs)
      .where(eq(designProofs.customOrderId, o.id))) as [{ top: number }];
    const check = checkProofAnswer(proof, top);
    if (!check.ok) return { ok: false, status: 409, message: check.message };
    const state: ProofState = answer.intent === "proof-approve" ? "approved" : "changes_requested";
    await tx
      .update(designProofs)
      .set({
        state,
        shopperComment: answer.intent === "proof-changes" ? answer.comment : null,
        answeredAt: sql`clock_timestamp()`,
      })
      .where(eq(designProofs.id, proof.id));
    await enqueueStaffNotice(tx, { kind: "proof-answer", proofId: proof.id });
    return { ok: true, state };
  });
  if (result.ok)
    logger.info({ customOrderId, version: answer.version, state: result.state }, "proof answered");
  return result;
}

/** The job that e-mails the shopper one proof, at most once. */
export async function sendProofEmail(data: Record<string, unknown>): Promise<void> {
  const { proofId, dedupeKey } = data;
  if (typeof proofId !== "string") throw new Error("proof e-mail job with bad data");
  const key = typeof dedupeKey === "string" ? dedupeKey : `proof:${proofId}`;
  await deliverOnce(key, async () => {
    const [row] = await db()
      .select({
        version: designProofs.version,
        message: designProofs.message,
        orderId: customNeonOrders.id,
        customerName: customNeonOrders.customerName,
        customerEmail: customNeonOrders.customerEmail,
        accessToken: customNeonOrders.accessToken,
        isTest: customNeonOrders.isTest,
      })
      .from(designProofs)
      .innerJoin(customNeonOrders, eq(customNeonOrders.id, designProofs.customOrderId))
      .where(eq(designProofs.id, proofId));
    if (!row) return;
    await loadShopSettings();
    const store = storeSettings();
    const mail = buildProofEmail(
      {
        orderRef: displayId("custom", row.orderId),
        customerName: row.customerName,
        version: row.version,
        message: row.message,
        orderUrl: orderPageUrl(store.publicUrl, row.accessToken),
        isTest: row.isTest,
      },
      store,
    );
    await sendMail({ dedupeKey: key, to: row.customerEmail, replyTo: store.email, ...mail });
  });
}

const proofUpload = formAction(
  {
    guard: "admin",
    permission: "orders",
    maxBytes: MAX_PROOF_IMAGE_BYTES + 64 * 1024,
    schema: sendProofSchema,
    // A refusal about a field shows beside it (no toast); any other is the toast's sentence.
    answers: {
      tooLarge: () => data(failedAnswer("The picture is too large (8 MB at most)."), { status: 413 }),
      unreadable: () => data(failedAnswer("The form could not be read."), { status: 400 }),
      invalid: (error) => data(failedAnswer(undefined, fieldErrorsOf(error)), { status: 400 }),
    },
  },
  async (input, { form, admin }) => {
    const file = formFiles(form, "image")[0];
    const r = await sendDesignProof(input, file ? await fileBytes(file) : null, admin.user);
    if (!r.ok)
      return data(r.field ? failedAnswer(undefined, { [r.field]: r.message }) : failedAnswer(r.message), {
        status: r.status,
      });
    return data(okAnswer(`Proof version ${r.version} sent to the shopper.`));
  },
);

/** POST /api/admin/design-proofs: staff send a proof (admin only, body capped while it streams). */
export async function handleProofUpload(request: Request) {
  return proofUpload({ request });
}
