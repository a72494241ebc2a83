import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { InvoiceDocumentSummary } from "~/features/invoices/invoice-links";
import { OrderInvoices } from "./order-invoices";

const TOKEN = "a".repeat(64);
const invoice: InvoiceDocumentSummary = {
  id: "11111111-2222-3333-4444-555555555555",
  kind: "invoice",
  title: "Tax Invoice",
  number: "NL/2026-27/00001",
  issuedAt: "2026-11-24T10:00:00.000Z",
  totalPaise: 494_600,
  reason: null,
};

function html(props: Parameters<typeof OrderInvoices>[0]) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <OrderInvoices {...props} /> }]);
  return renderToString(<Stub />).replace(/<!-- -->/g, "");
}

describe("OrderInvoices", () => {
  it("lists each document with its download link on the order's own path", () => {
    const out = html({ accessToken: TOKEN, documents: [invoice], canRequest: false });
    expect(out).toContain("Tax Invoice NL/2026-27/00001");
    expect(out).toContain(`href="/orders/${TOKEN}/documents/${invoice.id}"`);
    expect(out).toContain("₹4,946.00");
    expect(out).not.toContain("Request tax invoice");
  });

  it("offers the request form for a paid order without an invoice, posting to /orders/:token/invoice", () => {
    const out = html({ accessToken: TOKEN, documents: [], canRequest: true });
    expect(out).toContain("Request tax invoice");
    expect(out).toContain(`action="/orders/${TOKEN}/invoice"`);
    expect(out).toContain('method="post"');
    expect(html({ accessToken: TOKEN, documents: [], canRequest: false })).toContain(
      "The GST tax invoice is issued when your order is dispatched.",
    );
  });

  it("names the bill of supply of a shop not registered for GST, never a tax invoice", () => {
    const out = html({ accessToken: TOKEN, documents: [], canRequest: true, doc: "bill-of-supply" });
    expect(out).toContain("Request bill of supply");
    expect(out).toContain("You can get its bill of supply now.");
    expect(out).toContain(">Bill of supply</h2>");
    expect(out).not.toMatch(/tax invoice/i);
  });
});
