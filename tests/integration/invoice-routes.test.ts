import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { gstinCheckCharacter } from "~/shared/gstin";
import { db } from "~/platform/db/client.server";
import { invoices } from "~/features/invoices/tables.server";
import { type orders } from "~/features/order-lifecycle/tables.server";
import {
  invoiceRequestResponse,
  shopperDocumentResponse,
} from "~/features/invoices/routes/invoice-http.server";
import { orderInvoicesSection } from "~/features/invoices/invoice-requests.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { adminSession } from "../support/admin-session";
import { insertOrder as insertAnyOrder } from "../support/orders";
import { pdfText } from "../support/pdf-text";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase();

let paid: typeof orders.$inferSelect;
let unpaid: typeof orders.$inferSelect;
let n = 0;
const ctx = () => ({ clientIp: `203.0.113.${++n}` });

const post = (
  token: string,
  body: string | FormData = new FormData(),
  headers: Record<string, string> = {},
) => new Request(`http://shop.test/orders/${token}/invoice`, { method: "POST", body, headers });

/** Asha's online order of one ₹1,999 sign to New Delhi. */
const insertOrder = (values: Partial<typeof orders.$inferInsert>) =>
  insertAnyOrder(
    {
      customerName: "Asha Verma",
      customerEmail: "asha@example.in",
      customerPhone: "+919876543210",
      shippingAddress: { address1: "12 MG Road", city: "New Delhi", state: "delhi", pincode: "110001" },
      paymentMethod: "razorpay",
      ...values,
    },
    [{ price: 1999 }],
  );

beforeAll(async () => {
  const { actor } = await adminSession("owner@example.com");
  const { settings, version } = await loadShopSettings();
  const gstin = "07ABCDE1234F1Z" + gstinCheckCharacter("07ABCDE1234F1Z");
  await saveShopSettings({ ...settings, legal: { ...settings.legal, gstin } }, actor, version);
  paid = await insertOrder({ paymentStatus: "paid", status: "confirmed" });
  unpaid = await insertOrder({ paymentStatus: "pending" });
});

describe("POST /orders/:token/invoice", () => {
  it("issues a paid order's invoice once and lists it for the order page", async () => {
    expect(await orderInvoicesSection("order", paid.id)).toEqual({
      documents: [],
      canRequest: true,
      doc: "tax-invoice",
    });
    const r = await invoiceRequestResponse(post(paid.accessToken), paid.accessToken, ctx());
    expect(r.status).toBe(200);
    const body = (await r.json()) as { ok: boolean; number: string; message: string };
    expect(body).toMatchObject({ ok: true, number: expect.stringMatching(/^NL\//) });
    expect(body.message).toBe(`Tax invoice ${body.number} is ready to download.`);
    const section = await orderInvoicesSection("order", paid.id);
    expect(section.canRequest).toBe(false);
    expect(section.documents).toEqual([
      expect.objectContaining({ title: "Tax Invoice", number: body.number }),
    ]);
  });

  it("refuses an unpaid order (409), an unknown link (404), and a plain form post is sent back to the page", async () => {
    const r = await invoiceRequestResponse(post(unpaid.accessToken), unpaid.accessToken, ctx());
    expect(r.status).toBe(409);
    expect(await r.json()).toEqual({
      ok: false,
      message: "The tax invoice is issued once the order is paid (cash on delivery: when it is dispatched).",
    });
    expect((await invoiceRequestResponse(post("b".repeat(64)), "b".repeat(64), ctx())).status).toBe(404);
    expect((await invoiceRequestResponse(post("nope"), "nope", ctx())).status).toBe(404);
    const plain = await invoiceRequestResponse(
      post(unpaid.accessToken, new FormData(), { "Sec-Fetch-Mode": "navigate" }),
      unpaid.accessToken,
      ctx(),
    );
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/orders/${unpaid.accessToken}?invoice=refused`);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, unpaid.id))).toHaveLength(0);
  });

  it("caps the body and limits requests per address", async () => {
    const big = new URLSearchParams({ x: "y".repeat(5_000) }).toString();
    const r = await invoiceRequestResponse(
      post(unpaid.accessToken, big, { "content-type": "application/x-www-form-urlencoded" }),
      unpaid.accessToken,
      ctx(),
    );
    expect(r.status).toBe(413);
    const same = { clientIp: "198.51.100.7" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await invoiceRequestResponse(post(unpaid.accessToken), unpaid.accessToken, same)).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("GET /orders/:token/documents/:id", () => {
  it("answers the PDF as a private download only for the order's own link", async () => {
    const [doc] = await db().select().from(invoices).where(eq(invoices.orderId, paid.id));
    const r = await shopperDocumentResponse(paid.accessToken, doc!.id, ctx());
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("application/pdf");
    expect(r.headers.get("Cache-Control")).toBe("private, no-store");
    expect(r.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Tax-Invoice-${doc!.number.replace(/\//g, "-")}.pdf"`,
    );
    expect(await pdfText(new Uint8Array(await r.arrayBuffer()))).toContain(doc!.number);
    expect((await shopperDocumentResponse(unpaid.accessToken, doc!.id, ctx())).status).toBe(404);
    expect((await shopperDocumentResponse(paid.accessToken, crypto.randomUUID(), ctx())).status).toBe(404);
    expect((await shopperDocumentResponse(paid.accessToken, "../etc", ctx())).status).toBe(404);
  });
});
