import { desc, eq, sql } from "drizzle-orm";
import { imageAttrs } from "~/shared/images";
import {
  buildQuoteEmail,
  isPngOrJpeg,
  isQuoteToken,
  MAX_LOGO_BYTES,
  quotePath,
  quoteOrderStands,
  quoteRef,
  type LogoQuoteRequest,
  type QuoteState,
} from "~/features/logo-quotes/logo-quotes";
import { customSizeLabel } from "~/features/sign-options/line-description";
import { formatRupees } from "~/shared/money";
import { db } from "~/platform/db/client.server";
import { customNeonOrders } from "~/features/order-lifecycle/tables.server";
import { logoQuotes } from "./tables.server";
import { sendMail } from "~/platform/email.server";
import { deliverOnce, enqueueOnce, wakeWorkers } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { publicImageBase } from "~/platform/storage/object-store.server";
import { loadShopSettings, storeSettings } from "~/features/settings/store-settings.server";
import { ImageRejected, removeImage, storeImage } from "~/platform/storage/uploads.server";
import { enqueueStaffNotice } from "~/features/order-lifecycle/staff-notice-queue.server";

/*
 * Logo and artwork quotes (issue 18, decision 024): asked for by a shopper with a logo, priced by staff,
 * ordered by the shopper at that price from the quote's own link. The order is a custom order (the logo
 * its preview picture, the quoted price its base price) that follows the usual workflow.
 */

export const QUOTE_EMAIL_QUEUE = "mail-logo-quote";

export type RequestResult =
  { ok: true; ref: string; id: string } | { ok: false; errors: Record<string, string> };

/** A quote staff add for a logo a customer sent them in a chat (issue 46): priced at once when they know the price. */
export type StaffAdded = { actor: { id: string; email: string }; price: number | undefined };

/**
 * Store a shopper's request, or one staff add for a customer (`staff`: no notice to staff; priced at once when
 * they give the price, the shopper's e-mail then queued in the same transaction). The logo must be a PNG or
 * JPEG; it is re-encoded like every upload.
 */
export async function requestLogoQuote(
  input: LogoQuoteRequest,
  file: { bytes: Buffer } | null,
  clientIp: string | null,
  staff?: StaffAdded,
): Promise<RequestResult> {
  if (!file) return { ok: false, errors: { logo: "Choose your logo (PNG or JPG)." } };
  if (file.bytes.length > MAX_LOGO_BYTES)
    return { ok: false, errors: { logo: "The logo is larger than 5 MB." } };
  if (!isPngOrJpeg(file.bytes))
    return { ok: false, errors: { logo: "The logo must be a PNG or JPG picture." } };
  let stored;
  try {
    stored = await storeImage(file.bytes, { maxBytes: MAX_LOGO_BYTES });
  } catch (e) {
    if (e instanceof ImageRejected) return { ok: false, errors: { logo: e.message } };
    throw e;
  }
  try {
    const row = await db().transaction(async (tx) => {
      const [r] = await tx
        .insert(logoQuotes)
        .values({
          customerName: input.name,
          customerEmail: input.email,
          customerPhone: input.phone,
          size: input.size,
          notes: input.notes,
          imageKey: stored.imageKey,
          imageWidth: stored.width,
          imageHeight: stored.height,
          clientIp: clientIp === "unknown" ? null : clientIp,
          ...(staff?.price
            ? {
                state: "priced" as const,
                price: staff.price,
                pricedBy: staff.actor.id,
                pricedByEmail: staff.actor.email,
                pricedAt: sql`now()`,
              }
            : {}),
        })
        .returning({ id: logoQuotes.id });
      if (!staff) await enqueueStaffNotice(tx, { kind: "logo-quote", quoteId: r!.id });
      else if (staff.price)
        await enqueueOnce(tx, QUOTE_EMAIL_QUEUE, `logo-quote:${r!.id}`, { quoteId: r!.id });
      return r;
    });
    wakeWorkers();
    logger.info({ quoteId: row!.id, by: staff?.actor.email }, "logo quote requested");
    return { ok: true, ref: quoteRef(row!.id), id: row!.id };
  } catch (e) {
    await removeImage(stored.imageKey);
    throw e;
  }
}

function logoImage(q: { imageKey: string; imageWidth: number; imageHeight: number }) {
  return imageAttrs(
    { imageKey: q.imageKey, width: q.imageWidth, height: q.imageHeight },
    640,
    publicImageBase(),
  );
}

/** The state staff and the shopper see: "ordered" only while its order stands (quoteOrderStands). */
function shownState(state: QuoteState, order: { status: string; paymentStatus: string } | null): QuoteState {
  return quoteOrderStands(order) ? "ordered" : state === "ordered" ? "priced" : state;
}

/** Staff's list of quotes, newest first. */
export async function listLogoQuotes() {
  const rows = await db()
    .select({
      q: logoQuotes,
      status: customNeonOrders.status,
      paymentStatus: customNeonOrders.paymentStatus,
    })
    .from(logoQuotes)
    .leftJoin(customNeonOrders, eq(customNeonOrders.id, logoQuotes.customOrderId))
    .orderBy(desc(logoQuotes.createdAt))
    .limit(200);
  return rows.map(({ q, status, paymentStatus }) => {
    const state = shownState(q.state, status && paymentStatus ? { status, paymentStatus } : null);
    return {
      id: q.id,
      ref: quoteRef(q.id),
      customerName: q.customerName,
      customerEmail: q.customerEmail,
      customerPhone: q.customerPhone,
      size: customSizeLabel(q.size),
      notes: q.notes,
      image: logoImage(q),
      state,
      price: q.price,
      staffMessage: q.staffMessage,
      pricedByEmail: q.pricedByEmail,
      createdAt: q.createdAt.toISOString(),
      customOrderId: state === "ordered" ? q.customOrderId : null,
    };
  });
}

export type OpenQuote = {
  id: string;
  ref: string;
  size: string;
  price: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
};

/** The priced quotes that may be ordered now, newest first: what Chat Orders offers as a line (issue 46). */
export async function openQuotes(): Promise<OpenQuote[]> {
  return (await listLogoQuotes())
    .filter((q) => q.state === "priced" && q.price !== null)
    .slice(0, 50)
    .map((q) => ({
      id: q.id,
      ref: q.ref,
      size: q.size,
      price: q.price!,
      customerName: q.customerName,
      customerEmail: q.customerEmail,
      customerPhone: q.customerPhone,
    }));
}

export type PriceResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Staff set the price once; the shopper's e-mail with the quote's link is queued with it. */
export async function priceLogoQuote(
  input: { id: string; price: number; message: string },
  actor: { id: string; email: string },
): Promise<PriceResult> {
  const r = await db().transaction(async (tx): Promise<PriceResult> => {
    const [q] = await tx.select().from(logoQuotes).where(eq(logoQuotes.id, input.id)).for("update");
    if (!q) return { ok: false, status: 404, message: "Quote not found." };
    if (q.state !== "requested")
      return { ok: false, status: 409, message: "This quote already has a price." };
    await tx
      .update(logoQuotes)
      .set({
        state: "priced",
        price: input.price,
        staffMessage: input.message || null,
        pricedBy: actor.id,
        pricedByEmail: actor.email,
        pricedAt: sql`now()`,
      })
      .where(eq(logoQuotes.id, q.id));
    await enqueueOnce(tx, QUOTE_EMAIL_QUEUE, `logo-quote:${q.id}`, { quoteId: q.id });
    return { ok: true };
  });
  if (r.ok) {
    wakeWorkers();
    logger.info({ quoteId: input.id, price: input.price, by: actor.email }, "logo quote priced");
  }
  return r;
}

/** The quote behind a link, as the shopper sees it (null: no such quote). */
export async function quoteByToken(token: string) {
  if (!isQuoteToken(token)) return null;
  const [q] = await db().select().from(logoQuotes).where(eq(logoQuotes.accessToken, token));
  if (!q) return null;
  const order = q.customOrderId
    ? (
        await db()
          .select({
            accessToken: customNeonOrders.accessToken,
            status: customNeonOrders.status,
            paymentStatus: customNeonOrders.paymentStatus,
          })
          .from(customNeonOrders)
          .where(eq(customNeonOrders.id, q.customOrderId))
      )[0]
    : undefined;
  const state = shownState(q.state, order ?? null);
  return {
    ref: quoteRef(q.id),
    state,
    size: customSizeLabel(q.size),
    notes: q.notes,
    image: logoImage(q),
    price: q.price,
    staffMessage: q.staffMessage,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    orderPath: state === "ordered" && order ? `/orders/${order.accessToken}` : null,
  };
}

/** The job that e-mails a priced quote's link to the shopper, at most once. */
export async function sendQuoteEmail(data: Record<string, unknown>): Promise<void> {
  const { quoteId, dedupeKey } = data;
  if (typeof quoteId !== "string") throw new Error("quote e-mail job with bad data");
  const key = typeof dedupeKey === "string" ? dedupeKey : `logo-quote:${quoteId}`;
  await deliverOnce(key, async () => {
    const [q] = await db().select().from(logoQuotes).where(eq(logoQuotes.id, quoteId));
    if (!q || q.price === null) return;
    await loadShopSettings();
    const store = storeSettings();
    const mail = buildQuoteEmail(
      {
        ref: quoteRef(q.id),
        customerName: q.customerName,
        size: customSizeLabel(q.size),
        price: formatRupees(q.price),
        message: q.staffMessage ?? "",
        url: `${store.publicUrl}${quotePath(q.accessToken)}`,
      },
      store,
    );
    await sendMail({ dedupeKey: key, to: q.customerEmail, replyTo: store.email, ...mail });
  });
}
