import crypto from "node:crypto";
import { redirect } from "react-router";
import { isOrderAccessToken, orderPagePath } from "~/shared/order-links";
import { clientNetwork } from "~/platform/auth/auth.server";
import { formAction } from "~/platform/http/form-action.server";
import { jsonOk, jsonRefusal } from "~/platform/http/http.server";
import type { FormAnswer } from "~/shared/form-answer";
import { tooManyRequests, tryConsume } from "~/platform/limits/rate-limit.server";
import { documentInSentence } from "~/features/invoices/invoices.server";
import { documentPdfForShopper, requestInvoiceForOrder } from "~/features/invoices/invoice-requests.server";
import type { InvoicePdf } from "~/features/invoices/invoice-pdfs.server";
import { PdfRendererBusy } from "~/features/invoices/pdf-renderer.server";

/* The HTTP answers of the shopper's invoice routes (/orders/:token/invoice and /orders/:token/documents/:id). */

/** A PDF download: saved, not shown inline, never cached by anyone else. */
function pdfResponse(pdf: InvoicePdf): Response {
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.fileName}"`,
      "Content-Length": String(pdf.bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" },
  });

/**
 * A document download's answer: the PDF, 404, or 503 with Retry-After when it had to be drawn and every PDF
 * worker was busy with the queue full (decision 048).
 */
export async function pdfDownloadResponse(find: () => Promise<InvoicePdf | null>): Promise<Response> {
  try {
    const pdf = await find();
    return pdf ? pdfResponse(pdf) : notFound();
  } catch (err) {
    if (!(err instanceof PdfRendererBusy)) throw err;
    return new Response(
      "Documents are being prepared for many people just now: try again in a few seconds.",
      {
        status: 503,
        headers: {
          "Retry-After": String(err.retryAfterSeconds),
          "Cache-Control": "no-store",
          "Content-Type": "text/plain; charset=utf-8",
        },
      },
    );
  }
}

/** The key an order link is counted by: its token's hash (the token opens the order; a counter need not hold it). */
const orderLinkKey = (token: string) => crypto.createHash("sha256").update(token).digest("hex").slice(0, 32);

/**
 * GET /orders/:token/documents/:documentId: the PDF, only when the document belongs to that order. Counted
 * per client network and per order link, so neither one network nor many rotated ones can flood it.
 */
export async function shopperDocumentResponse(
  token: string,
  documentId: string,
  context: unknown,
): Promise<Response> {
  const counted = await tryConsume("documentDownloadPerClient", clientNetwork(context));
  if (!counted.ok) return tooManyRequests(counted);
  if (!isOrderAccessToken(token)) return notFound();
  const perOrder = await tryConsume("documentDownloadPerOrder", orderLinkKey(token));
  if (!perOrder.ok) return tooManyRequests(perOrder);
  return pdfDownloadResponse(() => documentPdfForShopper(token, documentId));
}

/** A browser's own form post (no JavaScript) rather than the page's fetch. */
const isDocumentPost = (request: Request) => request.headers.get("Sec-Fetch-Mode") === "navigate";

/**
 * POST /orders/:token/invoice: the shopper asks for the tax invoice of a paid order. Rate-limited per
 * client, body capped (the form has no fields worth more than a few bytes). Answers JSON for the page's
 * fetch, or a redirect back to the order page for a plain form post.
 */
const invoiceRequest = formAction(
  {
    guard: "none",
    limit: "invoiceRequestPerClient",
    maxBytes: 1_024,
    answers: {
      rateLimited: (r) => tooManyRequests(r),
      tooLarge: () => jsonRefusal(413, "The form is too large."),
      unreadable: () => jsonRefusal(400, "The form could not be read."),
    },
  },
  (_fields, { request, params }) => invoiceAnswer(request, params.token ?? ""),
);

export async function invoiceRequestResponse(request: Request, token: string, context: unknown) {
  return invoiceRequest({ request, context, params: { token } });
}

async function invoiceAnswer(request: Request, token: string): Promise<Response> {
  const r = await requestInvoiceForOrder(token);
  if (isDocumentPost(request)) {
    if (r.ok || r.httpStatus !== 404)
      return redirect(`${orderPagePath(token)}?invoice=${r.ok ? "issued" : "refused"}`, 303);
    return notFound();
  }
  return r.ok
    ? jsonOk(
        { number: r.number },
        { message: `${documentInSentence(r.title)} ${r.number} is ready to download.` },
      )
    : jsonRefusal(r.httpStatus, r.message);
}

/** What POST /orders/:token/invoice answers the page's fetch: the one answer, the invoice's number beside it. */
export type InvoiceRequestAnswer = FormAnswer & { number?: string };
