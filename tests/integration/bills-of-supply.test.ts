import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { InvoiceSnapshot } from "~/features/invoices/gst-invoice";
import { NOT_REGISTERED_DECLARATION } from "~/features/invoices/bill-of-supply";
import { financialYear } from "~/features/invoices/invoice-numbers";
import {
  adminIssueInvoice,
  documentPdfForAdmin,
  documentPdfForShopper,
  orderInvoicesSection,
  requestInvoiceForOrder,
} from "~/features/invoices/invoice-requests.server";
import { changeOrderStatus, changePaymentStatus } from "~/features/order-workflow/order-changes.server";
import { type Actor } from "~/features/order-lifecycle/order-history.server";
import { loadShopSettings, saveShopSettings } from "~/features/settings/store-settings.server";
import { gstinCheckCharacter } from "~/shared/gstin";
import { db } from "~/platform/db/client.server";
import { goLiveTicks } from "~/features/settings/tables.server";
import { invoiceCounters, invoices } from "~/features/invoices/tables.server";
import { orders } from "~/features/order-lifecycle/tables.server";
import { adminSession } from "../support/admin-session";
import { insertOrder } from "../support/orders";
import { pdfText } from "../support/pdf-text";
import { setupTestDatabase } from "../support/test-db";

// Bills of supply (issue 27, decision 039): a shop not registered for GST issues one with each dispatch, in a
// number series of its own, with no GST in it; a shop with a GSTIN issues tax invoices as before.
setupTestDatabase();

const SHOP_GSTIN = "09ABCDE1234F1Z" + gstinCheckCharacter("09ABCDE1234F1Z");
const LEGAL_NAME = "Roshni Signs (Proprietor A. Kumar)";
const ADDRESS = "7 Civil Lines, Bareilly, Uttar Pradesh 243001";
let actor: Actor;

async function setLegal(gstin: string | null) {
  const { settings, version } = await loadShopSettings();
  const r = await saveShopSettings(
    {
      ...settings,
      legal: { ...settings.legal, gstin, legalName: LEGAL_NAME },
      store: { ...settings.store, address: ADDRESS },
    },
    actor,
    version,
  );
  expect(r.ok).toBe(true);
}
const setNotRegistered = async (yes: boolean) => {
  if (yes) await db().insert(goLiveTicks).values({ item: "gst-not-registered" }).onConflictDoNothing();
  else await db().delete(goLiveTicks).where(eq(goLiveTicks.item, "gst-not-registered"));
};
const dispatch = (id: string) =>
  changeOrderStatus(
    { kind: "order", id, to: "dispatched", courier: "Delhivery", trackingNumber: `T${id.slice(0, 6)}` },
    actor,
  );
const documentsOf = (orderId: string) => db().select().from(invoices).where(eq(invoices.orderId, orderId));
const serial = (n: string) => Number(n.split("/").at(-1));

/** A COD order of two signs with delivery, a COD charge and a discount (total ₹3,147). */
const codOrder = () =>
  insertOrder({ deliveryFee: 299, codFee: 50, discount: 200, status: "in_production" }, [
    { quantity: 2, price: 1499 },
  ]);

beforeAll(async () => {
  actor = (await adminSession("owner@example.com")).actor;
});

describe("bills of supply", () => {
  it("issues a bill of supply with each dispatch of a shop not registered, numbered BS/<year>/00001 onwards", async () => {
    await setLegal(null);
    await setNotRegistered(true);
    const fy = financialYear(new Date());
    const placed = [await codOrder(), await codOrder(), await codOrder()];
    const numbers: string[] = [];
    for (const o of placed) {
      const r = await dispatch(o.id);
      expect(r.ok).toBe(true);
      if (r.ok && r.invoice && "number" in r.invoice) numbers.push(r.invoice.number);
    }
    expect(numbers).toEqual([`BS/${fy}/00001`, `BS/${fy}/00002`, `BS/${fy}/00003`]);
    // Its own series: the tax invoices' counter is untouched.
    const counters = await db().select().from(invoiceCounters);
    expect(counters.map((c) => [c.series, c.financialYear, c.lastNumber])).toEqual([["BS", fy, 3]]);

    const [doc] = await documentsOf(placed[0]!.id);
    const s = doc!.snapshot as unknown as InvoiceSnapshot;
    expect(doc!.kind).toBe("bill_of_supply");
    expect([doc!.taxPaise, doc!.totalPaise, doc!.taxablePaise]).toEqual([0, 314_700, 314_700]);
    expect(s.lines.map((l) => [l.description, l.total, l.cgst + l.sgst + l.igst])).toEqual([
      [expect.stringContaining("Good Vibes Neon"), 299_800 - 20_000, 0],
      ["Delivery (Standard)", 29_900, 0],
      ["Cash on delivery charge", 5_000, 0],
    ]);
    expect(s.seller).toEqual({
      legalName: LEGAL_NAME,
      address: ADDRESS,
      gstin: null,
      stateName: "",
      stateCode: "",
    });
  });

  it("prints the bill with the seller, the declaration and no tax, for the admin and the order's shopper", async () => {
    const o = await codOrder();
    await dispatch(o.id);
    const [doc] = await documentsOf(o.id);
    const admin = await documentPdfForAdmin(doc!.id);
    const shopper = await documentPdfForShopper(o.accessToken, doc!.id);
    expect(shopper!.bytes.equals(admin!.bytes)).toBe(true);
    expect(shopper!.fileName).toBe(`Bill-of-Supply-${doc!.number.replace(/\//g, "-")}.pdf`);
    const text = (await pdfText(shopper!.bytes)).replace(/\s+/g, " ");
    expect(text).toContain("BILL OF SUPPLY");
    expect(text).toContain(LEGAL_NAME);
    expect(text).toContain(ADDRESS);
    expect(text).toContain("Not registered under GST");
    expect(text).toContain(NOT_REGISTERED_DECLARATION);
    expect(text).toContain(`Bill number: ${doc!.number}`);
    expect(text.replace(/\s+/g, "")).toContain("Billtotal₹3,147.00");
    expect(text).toContain("Rupees Three Thousand One Hundred Forty-Seven Only");
    for (const taxWord of [
      "GSTIN:",
      "CGST",
      "SGST",
      "IGST",
      "Taxable value",
      "Place of supply",
      "Tax Invoice",
    ])
      expect(text).not.toContain(taxWord);
    // Only the order's own link opens it.
    const other = await codOrder();
    expect(await documentPdfForShopper(other.accessToken, doc!.id)).toBeNull();
  });

  it("gives a paid order its bill on request, and cancels and refunds a billed order without a credit note", async () => {
    const o = await insertOrder({ paymentMethod: "razorpay", paymentStatus: "paid", status: "confirmed" });
    expect(await orderInvoicesSection("order", o.id)).toMatchObject({
      doc: "bill-of-supply",
      canRequest: true,
    });
    const r = await requestInvoiceForOrder(o.accessToken);
    expect(r).toMatchObject({ ok: true, title: "Bill of Supply", created: true });
    expect(r.ok && serial(r.number)).toBe(5);
    expect(await orderInvoicesSection("order", o.id)).toMatchObject({
      doc: "bill-of-supply",
      canRequest: false,
      documents: [expect.objectContaining({ kind: "bill_of_supply", title: "Bill of Supply" })],
    });
    const cancelled = await changeOrderStatus({ kind: "order", id: o.id, to: "cancelled" }, actor);
    expect(cancelled.ok).toBe(true);
    expect(cancelled.ok && cancelled.creditNote).toBeUndefined();
    const refunded = await changePaymentStatus({ kind: "order", id: o.id, to: "refunded" }, actor);
    expect(refunded.ok).toBe(true);
    expect((await documentsOf(o.id)).map((d) => d.kind)).toEqual(["bill_of_supply"]);
    const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect([row!.status, row!.paymentStatus]).toEqual(["cancelled", "refunded"]);
    // A cancelled order has none: the words name the bill, not a tax invoice.
    const late = await insertOrder({ status: "cancelled", paymentStatus: "paid", paymentMethod: "razorpay" });
    expect(await requestInvoiceForOrder(late.accessToken)).toMatchObject({
      ok: false,
      message: "A cancelled order has no bill of supply.",
    });
  });

  it("issues tax invoices once the shop has a GSTIN, and never a second document for a billed order", async () => {
    const billed = await codOrder();
    await dispatch(billed.id);
    await setLegal(SHOP_GSTIN); // registered now (the old tick no longer matters)
    const o = await codOrder();
    const r = await dispatch(o.id);
    expect(r.ok && r.invoice).toEqual({
      number: `NL/${financialYear(new Date())}/00001`,
      title: "Tax Invoice",
    });
    const text = await pdfText((await documentPdfForAdmin((await documentsOf(o.id))[0]!.id))!.bytes);
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain("CGST");
    expect(text).not.toContain("Not registered under GST");
    // The order billed before keeps its bill of supply: one document per supply.
    const again = await adminIssueInvoice("order", billed.id, actor);
    expect(again).toMatchObject({ ok: true, title: "Bill of Supply", created: false });
    expect((await documentsOf(billed.id)).map((d) => d.kind)).toEqual(["bill_of_supply"]);
    expect((await orderInvoicesSection("order", o.id)).doc).toBe("tax-invoice");
    await setNotRegistered(false);
  });
});
