import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { gstinCheckCharacter } from "~/shared/gstin";
import { financialYear } from "~/features/invoices/invoice-numbers";
import { changeOrderStatus, changePaymentStatus } from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";
import { db } from "~/platform/db/client.server";
import { invoices } from "~/features/invoices/tables.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import {
  adminIssueInvoice,
  documentPdfForAdmin,
  documentPdfForShopper,
  requestInvoiceForOrder,
} from "~/features/invoices/invoice-requests.server";
import {
  invoiceDocumentsForOrder,
  invoiceSettings,
  issueCreditNoteIfInvoiced,
  issueInvoiceInTx,
} from "~/features/invoices/invoices.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { pdfText } from "../support/pdf-text";
import { adminSession } from "../support/admin-session";
import { makeCategory, makeProduct } from "../support/checkout-fixtures";
import { insertCustomOrder, insertOrder as insertAnyOrder } from "../support/orders";
import { setupTestDatabase } from "../support/test-db";

setupTestDatabase();

const SHOP_GSTIN = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z"); // Uttar Pradesh
let actor: Actor;
let productId: string;

const upAddress = { address1: "12, MG Road", city: "Bareilly", state: "uttar-pradesh", pincode: "243001" };

/** Two Good Vibes signs (₹1,499 each) to Bareilly, COD, SAVE100 applied, in production. */
const insertOrder = (values: Partial<typeof orders.$inferInsert> = {}) =>
  insertAnyOrder(
    {
      shippingAddress: upAddress,
      deliveryFee: 299,
      codFee: 50,
      discount: 100,
      discountCode: "SAVE100",
      status: "in_production",
      ...values,
    },
    [{ productId, quantity: 2 }],
  );

const dispatch = (id: string, kind: "order" | "custom" = "order") =>
  changeOrderStatus(
    { kind, id, to: "dispatched", courier: "Delhivery", trackingNumber: `TRK${id.slice(0, 6)}` },
    actor,
  );

async function setGstin(gstin: string | null) {
  const { settings, version } = await loadShopSettings();
  const r = await saveShopSettings({ ...settings, legal: { ...settings.legal, gstin } }, actor, version);
  expect(r.ok).toBe(true);
}

const invoiceOf = async (orderId: string) =>
  (await db().select().from(invoices).where(eq(invoices.orderId, orderId))).filter(
    (i) => i.kind === "invoice",
  );

beforeAll(async () => {
  actor = (await adminSession("staff@example.com")).actor;
  const category = await makeCategory("Invoices");
  const fields = { name: "Good Vibes Neon", mediumPrice: 1499, mediumMrp: 1999, stockQuantity: 100 };
  productId = (await makeProduct(category, fields)).id;
});

describe("GST invoices", () => {
  it("dispatches without an invoice while the shop has no GSTIN, and says so", async () => {
    await setGstin(null);
    const o = await insertOrder();
    const r = await dispatch(o.id);
    expect(r.ok).toBe(true);
    expect(r.ok && r.invoice).toEqual({ problem: expect.stringContaining("GSTIN") });
    expect(await invoiceOf(o.id)).toHaveLength(0);
  });

  it("issues the invoice with the dispatch: CGST + SGST inside the state, totals equal to the order's", async () => {
    await setGstin(SHOP_GSTIN);
    const o = await insertOrder();
    const r = await dispatch(o.id);
    expect(r.ok && r.invoice).toEqual({
      number: expect.stringMatching(/^NL\/\d{4}-\d{2}\/\d{5}$/),
      title: "Tax Invoice",
    });
    const [inv] = await invoiceOf(o.id);
    const s = inv!.snapshot as unknown as InvoiceSnapshot;
    expect(inv!.totalPaise).toBe(o.totalAmount * 100);
    expect(s.supply).toBe("intra");
    expect(s.placeOfSupply).toEqual({ code: "09", name: "Uttar Pradesh" });
    expect(s.totals.cgst).toBe(s.totals.sgst);
    expect(s.lines.map((l) => l.description)).toEqual([
      expect.stringContaining("Good Vibes Neon"),
      "Delivery (Standard)",
      "Cash on delivery charge",
    ]);
    expect(s.lines[0]!.discount).toBe(10_000);
    expect(s.financialYear).toBe(financialYear(new Date()));
    // Listed for the order page and the admin, and downloadable.
    const docs = await invoiceDocumentsForOrder("order", o.id);
    expect(docs).toEqual([
      expect.objectContaining({ kind: "invoice", number: inv!.number, totalPaise: inv!.totalPaise }),
    ]);
    const pdf = await documentPdfForAdmin(docs[0]!.id);
    const text = await pdfText(pdf!.bytes);
    expect(text).toContain(SHOP_GSTIN);
    expect(text).toContain("9405");
    expect(text).toContain(inv!.number);
  });

  it("gives 20 concurrent dispatches 20 consecutive numbers with no gap or repeat", async () => {
    const list = await Promise.all(Array.from({ length: 20 }, () => insertOrder()));
    const results = await Promise.all(list.map((o) => dispatch(o.id)));
    expect(results.every((r) => r.ok)).toBe(true);
    const numbers = results.map((r) => (r.ok && r.invoice && "number" in r.invoice ? r.invoice.number : ""));
    const seq = numbers.map((n) => Number(n.split("/").at(-1))).sort((a, b) => a - b);
    expect(new Set(seq).size).toBe(20);
    expect(seq.at(-1)! - seq[0]!).toBe(19);
    // No gap before them either: the earlier test's invoice is number 1 of this year.
    expect(seq[0]).toBe(2);
  });

  it("takes no number when the issuing transaction rolls back, and stays one invoice per order", async () => {
    const o = await insertOrder();
    const settings = await invoiceSettings();
    await expect(
      db().transaction(async (tx) => {
        await issueInvoiceInTx(tx, { kind: "order", id: o.id }, "test", settings);
        throw new Error("dispatch failed");
      }),
    ).rejects.toThrow("dispatch failed");
    expect(await invoiceOf(o.id)).toHaveLength(0);
    const r = await dispatch(o.id);
    expect(r.ok && r.invoice).toEqual({ number: expect.stringMatching(/\/00022$/), title: "Tax Invoice" });
    const again = await adminIssueInvoice("order", o.id, actor);
    expect(again).toEqual({
      ok: true,
      number: expect.stringMatching(/\/00022$/),
      title: "Tax Invoice",
      created: false,
    });
    expect(await invoiceOf(o.id)).toHaveLength(1);
  });

  it("refuses to change or delete an issued invoice", async () => {
    const [inv] = await db().select().from(invoices).limit(1);
    await expect(
      db().update(invoices).set({ reason: "edited" }).where(eq(invoices.id, inv!.id)),
    ).rejects.toThrow();
    await expect(db().delete(invoices).where(eq(invoices.id, inv!.id))).rejects.toThrow();
    await expect(db().execute(sql`update invoices set snapshot = '{}'::jsonb`)).rejects.toThrow();
    const [same] = await db().select().from(invoices).where(eq(invoices.id, inv!.id));
    expect(same).toEqual(inv);
  });

  it("lets the shopper of a paid online order request the invoice, and credits it when cancelled", async () => {
    const o = await insertOrder({
      paymentMethod: "razorpay",
      paymentStatus: "pending",
      codFee: 0,
      totalAmount: 2 * 1499 + 299 - 100,
      status: "pending",
      shippingAddress: { ...upAddress, state: "karnataka", pincode: "560001" },
      buyerGstin: "29AAACB1234C1Z" + gstinCheckCharacter("29AAACB1234C1Z"),
      buyerBusinessName: "Brew Cafe LLP",
    });
    expect(await requestInvoiceForOrder(o.accessToken)).toMatchObject({ ok: false, httpStatus: 409 });
    expect(await requestInvoiceForOrder("f".repeat(64))).toMatchObject({ ok: false, httpStatus: 404 });
    expect(await requestInvoiceForOrder("not-a-token")).toMatchObject({ ok: false, httpStatus: 404 });
    await db().update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, o.id));
    const first = await requestInvoiceForOrder(o.accessToken);
    expect(first).toMatchObject({ ok: true, created: true });
    expect(await requestInvoiceForOrder(o.accessToken)).toEqual({ ...first, created: false });
    const [inv] = await invoiceOf(o.id);
    const s = inv!.snapshot as unknown as InvoiceSnapshot;
    expect(s.supply).toBe("inter");
    expect(s.b2b).toBe(true);
    expect(s.buyer.gstin).toMatch(/^29AAACB1234C1Z/);
    expect(s.totals.igst).toBeGreaterThan(0);

    // Only this order's link opens its documents.
    const other = await insertOrder();
    expect(await documentPdfForShopper(other.accessToken, inv!.id)).toBeNull();
    expect(await documentPdfForShopper(o.accessToken, "not-a-uuid")).toBeNull();
    const mine = await documentPdfForShopper(o.accessToken, inv!.id);
    expect(mine!.fileName).toBe(`Tax-Invoice-${inv!.number.replace(/\//g, "-")}.pdf`);
    const text = await pdfText(mine!.bytes);
    expect(text).toContain("IGST");
    expect(text).toContain("Brew Cafe LLP");

    const cancelled = await changeOrderStatus({ kind: "order", id: o.id, to: "cancelled" }, actor);
    expect(cancelled.ok && cancelled.creditNote).toEqual({
      number: expect.stringMatching(/^CN\/\d{4}-\d{2}\/00001$/),
    });
    const refunded = await changePaymentStatus({ kind: "order", id: o.id, to: "refunded" }, actor);
    expect(refunded.ok && refunded.creditNote).toBeUndefined(); // nothing left to credit
    const docs = await invoiceDocumentsForOrder("order", o.id);
    expect(docs.map((d) => [d.kind, d.totalPaise])).toEqual([
      ["invoice", o.totalAmount * 100],
      ["credit_note", o.totalAmount * 100],
    ]);
    expect(await requestInvoiceForOrder(o.accessToken)).toMatchObject({ ok: false, httpStatus: 409 });
  });

  it("credits part of an invoice, then the rest, never more than the invoice", async () => {
    const o = await insertOrder();
    await dispatch(o.id);
    const t = { kind: "order" as const, id: o.id };
    const part = await db().transaction((tx) => issueCreditNoteIfInvoiced(tx, t, "Partial refund", 500));
    const rest = await db().transaction((tx) => issueCreditNoteIfInvoiced(tx, t, "Returned"));
    const none = await db().transaction((tx) => issueCreditNoteIfInvoiced(tx, t, "Again"));
    expect(part!.number).toMatch(/00002$/);
    expect(rest!.number).toMatch(/00003$/);
    expect(none).toBeNull();
    const notes = await db().select().from(invoices).where(eq(invoices.orderId, o.id));
    const credited = notes.filter((n) => n.kind === "credit_note").reduce((n, c) => n + c.totalPaise, 0);
    expect(credited).toBe(o.totalAmount * 100);
    // An order without an invoice gets no credit note.
    const plain = await insertOrder();
    expect(
      await db().transaction((tx) => issueCreditNoteIfInvoiced(tx, { kind: "order", id: plain.id }, "x")),
    ).toBeNull();
  });

  it("invoices a custom sign order, and refuses unknown orders", async () => {
    const c = await insertCustomOrder({
      shippingAddress: { ...upAddress, state: "ladakh", pincode: "194101" },
      size: "medium",
      hasDimmer: true,
      backingShape: "rectangle",
      quantity: 2,
      basePrice: 3000,
      dimmerPrice: 300,
      characterPrice: 250,
      deliveryFee: 0,
      totalAmount: 2 * 3550,
      status: "in_production",
    });
    const r = await dispatch(c.id, "custom");
    expect(r.ok && r.invoice).toEqual({ number: expect.any(String), title: "Tax Invoice" });
    const [inv] = await db().select().from(invoices).where(eq(invoices.customOrderId, c.id));
    const s = inv!.snapshot as unknown as InvoiceSnapshot;
    expect(s.lines[0]).toMatchObject({
      description: expect.stringContaining('Custom Neon: "Hello"'),
      quantity: 2,
    });
    expect(s.placeOfSupply).toEqual({ code: "38", name: "Ladakh" });
    expect(inv!.totalPaise).toBe(710_000);
    expect(await adminIssueInvoice("order", crypto.randomUUID(), actor)).toMatchObject({ httpStatus: 404 });
    expect(await adminIssueInvoice("order", "nope", actor)).toMatchObject({ httpStatus: 404 });
    expect(await documentPdfForAdmin(crypto.randomUUID())).toBeNull();
  });
});
