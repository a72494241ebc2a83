import os from "node:os";
import { isMainThread } from "node:worker_threads";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { renderInvoicePdf } from "./invoice-pdf.server";

/*
 * The worker thread's side of the PDF renderer (pdf-renderer.server.ts, decision 048): the issued snapshot in,
 * the PDF's bytes out, one call per document. Only the drawing runs here: no database, no environment.
 */

/**
 * How much nicer than the process the drawing thread is. On Linux a thread's nice value is its own
 * (setpriority on the calling thread), so the drawing gives way to the thread that serves pages whenever both
 * want a core.
 */
const NICER_BY = 10;
if (!isMainThread && process.platform === "linux") {
  try {
    os.setPriority(Math.min(19, os.getPriority() + NICER_BY));
  } catch {
    // Not allowed here: the drawing runs at the process's priority.
  }
}

export function renderDocumentPdf(snapshot: InvoiceSnapshot): Promise<Uint8Array> {
  return renderInvoicePdf(snapshot);
}
