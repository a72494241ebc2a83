import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "~/shared/gstin";
import { db } from "~/platform/db/client.server";
import { invoicePdfs, invoices } from "~/features/invoices/tables.server";
import { type orders } from "~/features/order-lifecycle/tables.server";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { PDF_RENDERER_VERSION } from "~/features/invoices/invoice-pdf.server";
import { requestInvoiceForOrder } from "~/features/invoices/invoice-requests.server";
import {
  PdfRendererBusy,
  renderPdfOffThread,
  stopPdfRenderer,
  takeRendererPlace,
} from "~/features/invoices/pdf-renderer.server";
import { shopperDocumentResponse } from "~/features/invoices/routes/invoice-http.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { adminSession } from "../support/admin-session";
import { insertOrder } from "../support/orders";
import { pdfText } from "../support/pdf-text";
import { countRows, setupTestDatabase } from "../support/test-db";

/*
 * Issue 41 (decision 048): a document's PDF is drawn once, in a worker thread, and kept; the renderer takes at
 * most PDF_WORKERS + PDF_QUEUE drawings and refuses the next at once (503 with Retry-After). One worker and one
 * seat in the queue here, so two places in all.
 */
setupTestDatabase({ PDF_WORKERS: "1", PDF_QUEUE: "1" });

let n = 0;
const ctx = () => ({ clientIp: `203.0.113.${++n}` });

/** A paid order with its tax invoice issued: the order and the invoice's row. */
async function invoicedOrder(name: string) {
  const o: typeof orders.$inferSelect = await insertOrder(
    {
      customerName: name,
      customerEmail: `${name.toLowerCase().replace(/\W+/g, ".")}@example.in`,
      customerPhone: "+919876543210",
      shippingAddress: { address1: "12 MG Road", city: "New Delhi", state: "delhi", pincode: "110001" },
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      status: "confirmed",
    },
    [{ price: 1999 }],
  );
  expect(await requestInvoiceForOrder(o.accessToken)).toMatchObject({ ok: true });
  const [doc] = await db().select().from(invoices).where(eq(invoices.orderId, o.id));
  return { order: o, doc: doc! };
}

const download = async (token: string, id: string) => {
  const r = await shopperDocumentResponse(token, id, ctx());
  return { r, bytes: Buffer.from(await r.arrayBuffer()) };
};
const kept = (id: string) => countRows(invoicePdfs, eq(invoicePdfs.invoiceId, id));

/** Take every place of the renderer (as a flood of other documents would); give them back with the result. */
function takeEveryPlace() {
  const held: (() => void)[] = [];
  for (let give = takeRendererPlace(); give; give = takeRendererPlace()) held.push(give);
  return { count: held.length, giveBack: () => held.forEach((g) => g()) };
}

beforeAll(async () => {
  const { actor } = await adminSession("owner@example.com");
  const { settings, version } = await loadShopSettings();
  const gstin = "07ABCDE1234F1Z" + gstinCheckCharacter("07ABCDE1234F1Z");
  await saveShopSettings({ ...settings, legal: { ...settings.legal, gstin } }, actor, version);
});

afterAll(() => stopPdfRenderer());

describe("document PDFs", () => {
  it("are drawn once and kept: a second download is the kept bytes, even while the renderer is full", async () => {
    const { order, doc } = await invoicedOrder("Asha Verma");
    expect(await kept(doc.id)).toBe(0);
    const first = await download(order.accessToken, doc.id);
    expect(first.r.status).toBe(200);
    expect(await pdfText(new Uint8Array(first.bytes))).toContain(doc.number);
    const [row] = await db().select().from(invoicePdfs).where(eq(invoicePdfs.invoiceId, doc.id));
    expect(row!.rendererVersion).toBe(PDF_RENDERER_VERSION);
    expect(row!.pdf.equals(first.bytes)).toBe(true);

    // Every place taken: a document that must be drawn is refused, the kept one is still served, unchanged.
    const { order: other, doc: otherDoc } = await invoicedOrder("Ravi Kumar");
    const full = takeEveryPlace();
    try {
      expect(full.count).toBe(2);
      const refused = await download(other.accessToken, otherDoc.id);
      expect(refused.r.status).toBe(503);
      expect(Number(refused.r.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(refused.r.headers.get("Cache-Control")).toBe("no-store");
      expect(await kept(otherDoc.id)).toBe(0);
      const second = await download(order.accessToken, doc.id);
      expect(second.r.status).toBe(200);
      expect(second.bytes.equals(first.bytes)).toBe(true);
    } finally {
      full.giveBack();
    }
    // With its places back, the refused document is drawn and kept.
    expect((await download(other.accessToken, otherDoc.id)).r.status).toBe(200);
    expect(await kept(otherDoc.id)).toBe(1);
  });

  it("takes at most PDF_WORKERS + PDF_QUEUE drawings at once and refuses the next without waiting", async () => {
    const { doc } = await invoicedOrder("Meera Iyer");
    const snapshot = doc.snapshot as unknown as InvoiceSnapshot;
    const asked = [1, 2, 3].map(() => renderPdfOffThread(snapshot));
    const [a, b, c] = await Promise.allSettled(asked);
    expect(a!.status).toBe("fulfilled");
    expect(b!.status).toBe("fulfilled");
    expect(c).toMatchObject({ status: "rejected", reason: expect.any(PdfRendererBusy) });
    // Places are given back when a drawing ends.
    const full = takeEveryPlace();
    full.giveBack();
    expect(full.count).toBe(2);
  });

  it("forgets a document's PDF when its snapshot changes (erasure blanks the buyer's phone and e-mail)", async () => {
    const { order, doc } = await invoicedOrder("Kiran Rao");
    const before = await download(order.accessToken, doc.id);
    expect(await pdfText(new Uint8Array(before.bytes))).toContain("kiran.rao@example.in");
    expect(await kept(doc.id)).toBe(1);
    // The one change invoices_immutable allows, as data-erasure.server.ts makes it.
    await db()
      .update(invoices)
      .set({
        snapshot: sql`jsonb_set(jsonb_set(${invoices.snapshot}, '{buyer,phone}', '""'), '{buyer,email}', '""')`,
      })
      .where(eq(invoices.id, doc.id));
    expect(await kept(doc.id)).toBe(0);
    const after = await download(order.accessToken, doc.id);
    expect(await pdfText(new Uint8Array(after.bytes))).not.toContain("kiran.rao@example.in");
    expect(await kept(doc.id)).toBe(1);
  });

  it("counts downloads per order link too, so rotated networks cannot flood one order's documents", async () => {
    const { order, doc } = await invoicedOrder("Neha Singh");
    const statuses: number[] = [];
    // Each download from a new network: only the order link's own count (30 per 10 minutes) stops them.
    for (let i = 0; i < 31; i++) statuses.push((await download(order.accessToken, doc.id)).r.status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
