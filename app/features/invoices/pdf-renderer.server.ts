import Tinypool from "tinypool";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { workerEntry } from "~/platform/worker-entry.server";

/*
 * PDFs are drawn off the request thread (issue 41, decision 048): in at most PDF_WORKERS worker threads
 * (tinypool), with at most PDF_QUEUE more documents waiting for one. The cap is counted here, when a drawing is
 * asked for, so a flood of downloads builds no backlog: a drawing asked for while every worker is busy and the
 * queue is full is refused at once (PdfRendererBusy), and its download answered 503 with Retry-After.
 */

const WORKER_MODULE = "app/features/invoices/pdf-render-worker.server.ts";
/** What a refused download is told to wait, in seconds: a queue's worth of drawings and then some. */
const RETRY_AFTER_SECONDS = 5;
/** A worker left idle this long ends (it starts again, fonts and all, in about 0.1 s). */
const IDLE_MS = 5 * 60_000;

export class PdfRendererBusy extends Error {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor() {
    super("Every PDF worker is busy and the queue is full.");
  }
}

type Renderer = { pool: Tinypool; workers: number; queue: number; admitted: number; retired: boolean };
let current: Renderer | undefined;

function renderer(): Renderer {
  const { PDF_WORKERS: workers, PDF_QUEUE: queue } = env();
  if (current?.workers === workers && current.queue === queue) return current;
  // New settings (tests set their own): the old pool ends once its drawings are done.
  if (current) retire(current);
  const pool = new Tinypool({
    ...workerEntry(WORKER_MODULE),
    name: "renderDocumentPdf",
    minThreads: 0,
    maxThreads: workers,
    idleTimeout: IDLE_MS,
  });
  current = { pool, workers, queue, admitted: 0, retired: false };
  return current;
}

const end = (r: Renderer) => void r.pool.destroy().catch(() => undefined);

function retire(r: Renderer) {
  r.retired = true;
  if (r.admitted === 0) end(r);
}

function take(r: Renderer): (() => void) | null {
  if (r.admitted >= r.workers + r.queue) return null;
  r.admitted++;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    r.admitted--;
    if (r.retired && r.admitted === 0) end(r);
  };
}

/**
 * Take one of the renderer's places (a worker, or a seat in its queue): the function that gives it back, or
 * null when all PDF_WORKERS + PDF_QUEUE are taken.
 */
export function takeRendererPlace(): (() => void) | null {
  return take(renderer());
}

/**
 * The PDF of an issued document, drawn in a worker thread. Rejects with PdfRendererBusy, without waiting,
 * when every place is taken (counted when called, before any await).
 */
export function renderPdfOffThread(snapshot: InvoiceSnapshot): Promise<Buffer> {
  const r = renderer();
  const giveBack = take(r);
  if (!giveBack) {
    logger.warn({ workers: r.workers, queue: r.queue }, "PDF renderer full: download refused");
    return Promise.reject(new PdfRendererBusy());
  }
  return (r.pool.run(snapshot) as Promise<Uint8Array>)
    .then((pdf) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength))
    .finally(giveBack);
}

/** End the worker threads (drawings under way are refused); the next drawing starts them again. */
export async function stopPdfRenderer(): Promise<void> {
  const r = current;
  current = undefined;
  if (r) await r.pool.destroy();
}
