import { orderDeclarations } from "~/features/invoices/order-declarations.server";
import { shopNotRegisteredForGst } from "~/features/settings/gst-registration.server";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { salesDocumentOf } from "~/features/settings/gst-registration";
import { billOfSupplySettingsProblem, buildBillOfSupplySnapshot } from "~/features/invoices/bill-of-supply";
import { formatShippingAddress, PAYMENT_METHOD_LABELS } from "~/features/checkout/checkout";
import {
  buildCreditNoteSnapshot,
  buildInvoiceSnapshot,
  invoiceSettingsProblem,
  type InvoiceOrder,
  type InvoiceSeller,
  type InvoiceSnapshot,
} from "~/features/invoices/gst-invoice";
import type { InvoiceDocumentSummary } from "~/features/invoices/invoice-links";
import {
  documentNumber,
  financialYear,
  INVOICE_SERIES,
  type DocumentKind,
} from "~/features/invoices/invoice-numbers";
import {
  describeOrderedSign,
  describeProductConfig,
  lineSummary,
} from "~/features/sign-options/line-description";
import { orderLinesOf, type AnyOrderRow } from "~/features/order-lifecycle/order-tables.server";
import { deliveryLabel } from "~/features/checkout/order-charges";
import { displayId, type OrderKind } from "~/features/order-lifecycle/order-status";
import type { ShopSettings } from "~/features/settings/shop-settings";
import { db, type Tx } from "~/platform/db/client.server";
import { customNeonOrders, orders, type ShippingAddress } from "~/features/order-lifecycle/tables.server";
import { invoices } from "./tables.server";
import { refunds } from "~/features/after-sale/tables.server";
import { logger } from "~/platform/logger.server";
import { loadShopSettings } from "~/features/settings/store-settings.server";

/*
 * Issuing GST tax invoices and credit notes (decision 021), and bills of supply (decision 039). Everything runs inside the caller's
 * transaction, after the order's row is locked: the number is taken from invoice_counters in the same
 * transaction, so a rolled-back dispatch gives it back and the series has no gaps.
 */

export type InvoiceTarget = { kind: OrderKind; id: string };

/** What was issued, or found issued already: its title says which ("Tax Invoice", "Bill of Supply"). */
export type IssueOutcome =
  | { issued: true; id: string; number: string; title: string }
  | { issued: false; id: string; number: string; title: string; already: true }
  | { issued: false; problem: string };

const targetColumn = (kind: OrderKind) => (kind === "order" ? invoices.orderId : invoices.customOrderId);

export function sellerOf(s: ShopSettings): InvoiceSeller {
  return {
    legalName: s.legal.legalName,
    address: s.store.address,
    gstin: s.legal.gstin,
    hsnCode: s.legal.hsnCode,
    gstRatePercent: s.legal.gstRate,
    lutReference: s.legal.lutReference,
  };
}

/** The next number of a series in a financial year: the counter row is created or incremented (and locked). */
async function takeNumber(tx: Tx, kind: DocumentKind, fy: string): Promise<string> {
  const r = await tx.execute<{ last_number: number }>(sql`
    insert into invoice_counters (series, financial_year, last_number)
    values (${INVOICE_SERIES[kind]}, ${fy}, 1)
    on conflict (series, financial_year)
      do update set last_number = invoice_counters.last_number + 1
    returning last_number`);
  return documentNumber(kind, fy, Number(r.rows[0]!.last_number));
}

function orderFacts(
  kind: OrderKind,
  o: AnyOrderRow,
  goods: InvoiceOrder["goods"],
  hsn: string,
): InvoiceOrder {
  const address = o.shippingAddress as ShippingAddress;
  const abroad = Boolean(address.country && address.country !== "IN");
  return {
    orderRef: displayId(kind, o.id),
    orderDate: o.createdAt,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    customerEmail: o.customerEmail,
    address: formatShippingAddress(address),
    stateSlug: abroad ? null : address.state,
    country: abroad ? address.country! : null,
    buyerGstin: o.buyerGstin,
    buyerBusinessName: o.buyerBusinessName,
    goods: goods.map((g) => ({ ...g, hsn })),
    discount: o.discount + o.offerDiscount,
    deliveryFee: o.deliveryFee,
    codFee: o.codFee,
    deliveryLabel: deliveryLabel(o.shippingMethod),
    totalAmount: o.totalAmount,
    paymentMethod: PAYMENT_METHOD_LABELS[o.paymentMethod],
    // Marked refunded by hand (no refund rows, issue 41): all of it went back.
    refundedBefore: o.paymentStatus === "refunded" ? o.totalAmount : 0,
  };
}

/**
 * Rupees the order's processed refunds gave back (decision 052): a document issued now is for the rest. Read under
 * the order's row lock, which a refund's processing also takes before it looks for a document to credit.
 */
async function refundedSoFar(tx: Tx, t: InvoiceTarget): Promise<number> {
  const column = t.kind === "order" ? refunds.orderId : refunds.customOrderId;
  const [r] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(column, t.id), eq(refunds.status, "processed")));
  return Number(r?.total ?? 0);
}

/** The order's facts for its invoice (its goods in the order they were placed). */
async function loadOrder(tx: Tx, t: InvoiceTarget, hsn: string): Promise<InvoiceOrder | null> {
  if (t.kind === "order") {
    const [o] = await tx.select().from(orders).where(eq(orders.id, t.id));
    if (!o) return null;
    const items = await orderLinesOf(tx, t.id);
    const goods = items.map((i) => ({
      description: `${i.productName} (${lineSummary(describeProductConfig(i.productConfig), ", ")})`,
      hsn,
      quantity: i.quantity,
      unitPrice: i.price,
    }));
    return orderFacts("order", o, goods, hsn);
  }
  const [o] = await tx.select().from(customNeonOrders).where(eq(customNeonOrders.id, t.id));
  if (!o) return null;
  const goods = [
    {
      description: `Custom Neon: "${o.customText}" (${lineSummary(describeOrderedSign(o), ", ")})`,
      hsn,
      quantity: o.quantity,
      unitPrice: o.basePrice + o.dimmerPrice + o.backingPrice + o.characterPrice,
    },
  ];
  return orderFacts("custom", o, goods, hsn);
}

/** The order's tax invoice, or with `orBill` its tax invoice or bill of supply (an order has at most one). */
async function findInvoice(tx: Tx, t: InvoiceTarget, orBill = false) {
  const [row] = await tx
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      snapshot: invoices.snapshot,
      total: invoices.totalPaise,
    })
    .from(invoices)
    .where(
      and(
        eq(targetColumn(t.kind), t.id),
        orBill ? inArray(invoices.kind, ["invoice", "bill_of_supply"]) : eq(invoices.kind, "invoice"),
      ),
    );
  return row;
}

/** A document's title as lists show it. */
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  invoice: "Tax Invoice",
  credit_note: "Credit Note",
  bill_of_supply: "Bill of Supply",
};

/** A document's title in a sentence: "Tax invoice", "Bill of supply". */
export function documentInSentence(title: string): string {
  return title.charAt(0) + title.slice(1).toLowerCase();
}

/** The settings an invoice is made with: load them before opening the issuing transaction. */
export async function invoiceSettings(): Promise<ShopSettings> {
  return (await loadShopSettings()).settings;
}

/**
 * Issue the order's tax invoice, or its bill of supply when the shop is not registered for GST, once (a
 * second call finds it). Call with the order's row locked, and the settings read before the transaction
 * began. When the shop's settings cannot make either yet (no GSTIN, nothing said) it issues nothing and says
 * why.
 */
export async function issueInvoiceInTx(
  tx: Tx,
  t: InvoiceTarget,
  issuedBy: string,
  settings: ShopSettings,
): Promise<IssueOutcome> {
  const existing = await findInvoice(tx, t, true);
  if (existing)
    return {
      issued: false,
      id: existing.id,
      number: existing.number,
      title: DOCUMENT_TITLES[existing.kind],
      already: true,
    };
  const seller = sellerOf(settings);
  // Without a GSTIN the owner's choice decides: not registered for GST (a bill of supply, as chosen on the
  // go-live checklist), or a GSTIN still to add (nothing yet; issue 27, decision 039).
  const kind = salesDocumentOf(seller.gstin, !seller.gstin && (await shopNotRegisteredForGst(tx)));
  const problem =
    kind === "bill-of-supply" ? billOfSupplySettingsProblem(seller) : invoiceSettingsProblem(seller);
  if (problem) return { issued: false, problem };
  const loaded = await loadOrder(tx, t, seller.hsnCode);
  if (!loaded) return { issued: false, problem: "Order not found." };
  const documentKind = kind === "bill-of-supply" ? "bill_of_supply" : "invoice";
  // Refunded before the document: it is for what the shop kept (decision 052); refunded in full, there is none.
  const refundedBefore = Math.min(
    loaded.totalAmount,
    Math.max(loaded.refundedBefore ?? 0, await refundedSoFar(tx, t)),
  );
  if (refundedBefore > 0 && refundedBefore >= loaded.totalAmount)
    return {
      issued: false,
      problem: `This order was refunded in full, so it gets no ${DOCUMENT_TITLES[documentKind].toLowerCase()}.`,
    };
  const order = { ...loaded, refundedBefore };
  const issuedAt = new Date();
  const fy = financialYear(issuedAt);
  let snapshot: InvoiceSnapshot;
  try {
    // Checked before a number is taken: an order whose amounts do not add up gets no invoice (and no gap).
    const issue = { number: "", financialYear: fy, issuedAt };
    snapshot =
      documentKind === "bill_of_supply"
        ? buildBillOfSupplySnapshot(order, seller, issue)
        : buildInvoiceSnapshot(order, seller, issue);
  } catch (err) {
    logger.error({ err, target: t }, "could not make an invoice for an order");
    return { issued: false, problem: "This order's amounts do not add up; no invoice was issued." };
  }
  snapshot = {
    ...snapshot,
    number: await takeNumber(tx, documentKind, fy),
    declarations: await orderDeclarations(t, settings, tx),
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: documentKind,
      number: snapshot.number,
      financialYear: fy,
      orderId: t.kind === "order" ? t.id : null,
      customOrderId: t.kind === "custom" ? t.id : null,
      issuedAt,
      taxablePaise: snapshot.totals.taxable,
      taxPaise: snapshot.totals.tax,
      totalPaise: snapshot.totals.total,
      snapshot: snapshot as unknown as Record<string, unknown>,
      issuedBy,
    })
    .returning({ id: invoices.id });
  logger.info({ target: t, number: snapshot.number, kind: documentKind }, "sales document issued");
  return { issued: true, id: row!.id, number: snapshot.number, title: snapshot.title };
}

/**
 * A credit note against the order's tax invoice, when it has one (a bill of supply gets none: a shop not
 * registered for GST has no tax to correct; decision 039): for `amountRupees` (default: all that is
 * not yet credited). Returns null when the order has no invoice or nothing is left to credit. Call inside
 * the transaction that cancels, returns or refunds the order.
 */
export async function issueCreditNoteIfInvoiced(
  tx: Tx,
  t: InvoiceTarget,
  reason: string,
  amountRupees?: number,
  issuedBy = "system",
): Promise<{ id: string; number: string } | null> {
  const invoice = await findInvoice(tx, t);
  if (!invoice) return null;
  // One credit note at a time per invoice: the invoice row is the lock (a row lock changes nothing).
  await tx.execute(sql`select 1 from invoices where id = ${invoice.id}::uuid for update`);
  const [{ credited } = { credited: 0 }] = await tx
    .select({ credited: sql<number>`coalesce(sum(${invoices.totalPaise}), 0)::bigint` })
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoice.id), eq(invoices.kind, "credit_note")));
  const left = Number(invoice.total) - Number(credited);
  const amount = amountRupees === undefined ? left : Math.min(Math.round(amountRupees * 100), left);
  if (amount <= 0) return null;
  const issuedAt = new Date();
  const fy = financialYear(issuedAt);
  const number = await takeNumber(tx, "credit_note", fy);
  const snapshot = buildCreditNoteSnapshot(
    invoice.snapshot as unknown as InvoiceSnapshot,
    { amountPaise: amount, reason },
    { number, financialYear: fy, issuedAt },
  );
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: "credit_note",
      number,
      financialYear: fy,
      orderId: t.kind === "order" ? t.id : null,
      customOrderId: t.kind === "custom" ? t.id : null,
      invoiceId: invoice.id,
      issuedAt,
      taxablePaise: snapshot.totals.taxable,
      taxPaise: snapshot.totals.tax,
      totalPaise: snapshot.totals.total,
      reason,
      snapshot: snapshot as unknown as Record<string, unknown>,
      issuedBy,
    })
    .returning({ id: invoices.id });
  logger.info({ target: t, number, reason }, "credit note issued");
  return { id: row!.id, number };
}

/** An order's invoice and credit notes, oldest first (for the order page and the admin dialog). */
export async function invoiceDocumentsForOrder(
  kind: OrderKind,
  orderId: string,
): Promise<InvoiceDocumentSummary[]> {
  const rows = await db()
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalPaise: invoices.totalPaise,
      reason: invoices.reason,
    })
    .from(invoices)
    .where(eq(targetColumn(kind), orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return rows.map((r) => ({
    ...r,
    title: DOCUMENT_TITLES[r.kind],
    issuedAt: r.issuedAt.toISOString(),
    totalPaise: Number(r.totalPaise),
  }));
}
