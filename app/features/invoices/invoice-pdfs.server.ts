import { and, eq, sql, type SQL } from "drizzle-orm";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { db } from "~/platform/db/client.server";
import { invoicePdfs, invoices } from "./tables.server";
import { logger } from "~/platform/logger.server";
import { invoiceFileName, PDF_RENDERER_VERSION } from "./invoice-pdf.server";
import { renderPdfOffThread } from "./pdf-renderer.server";

/*
 * An issued document's PDF, drawn once (issue 41, decision 048). An invoice, credit note or bill of supply is
 * frozen when issued, so its PDF is too: the first download draws it in a worker thread (pdf-renderer.server.ts)
 * and keeps the bytes in invoice_pdfs under the renderer's version; every later download reads them back.
 * Erasure, the one change a document's snapshot may see, deletes them (trigger, migration 0040).
 */

export type InvoicePdf = { fileName: string; bytes: Buffer };

// Drawings under way in this instance, by document: first downloads of one document at once draw it once.
const drawing = new Map<string, Promise<Buffer>>();

/**
 * Keep the bytes drawn from `snapshot`, unless the document's snapshot has changed since it was read: the row
 * is read FOR SHARE, so an erasure either came first (nothing is kept) or waits and then deletes what was kept.
 * A new renderer version's row replaces the older versions'.
 */
async function keep(id: string, snapshot: unknown, pdf: Buffer): Promise<void> {
  await db().execute(sql`
    with kept as (
      insert into ${invoicePdfs} (invoice_id, renderer_version, pdf)
      select ${invoices.id}, ${PDF_RENDERER_VERSION}, ${pdf} from ${invoices}
      where ${invoices.id} = ${id} and ${invoices.snapshot} = ${JSON.stringify(snapshot)}::jsonb
      for share
      on conflict do nothing
      returning invoice_id
    )
    delete from ${invoicePdfs}
    where invoice_id in (select invoice_id from kept) and renderer_version <> ${PDF_RENDERER_VERSION}`);
}

async function drawAndKeep(id: string, snapshot: InvoiceSnapshot): Promise<Buffer> {
  const pdf = await renderPdfOffThread(snapshot);
  // The download is served all the same; the next one draws again.
  await keep(id, snapshot, pdf).catch((err: unknown) =>
    logger.error({ err, documentId: id }, "a document's PDF could not be kept"),
  );
  return pdf;
}

/**
 * The PDF of the document `where` picks, or null when there is none: the kept bytes, or drawn now. Throws
 * PdfRendererBusy when it must be drawn and the renderer is full.
 */
export async function documentPdf(where: SQL | undefined): Promise<InvoicePdf | null> {
  const [row] = await db()
    .select({ id: invoices.id, snapshot: invoices.snapshot, pdf: invoicePdfs.pdf })
    .from(invoices)
    .leftJoin(
      invoicePdfs,
      and(eq(invoicePdfs.invoiceId, invoices.id), eq(invoicePdfs.rendererVersion, PDF_RENDERER_VERSION)),
    )
    .where(where);
  if (!row) return null;
  const snapshot = row.snapshot as unknown as InvoiceSnapshot;
  const fileName = invoiceFileName(snapshot);
  if (row.pdf) return { fileName, bytes: row.pdf };
  let pending = drawing.get(row.id);
  if (!pending) {
    pending = drawAndKeep(row.id, snapshot).finally(() => drawing.delete(row.id));
    drawing.set(row.id, pending);
  }
  return { fileName, bytes: await pending };
}
