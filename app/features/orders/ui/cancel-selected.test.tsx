import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { OrderListRow } from "~/features/orders/admin-order-list.server";
import { cancelSeveralMessage, cancelSeveralSchema, isOpenOrder } from "~/features/orders/order-flood";
import { orderPageRoute } from "./order-admin-page";
import { PURCHASES_VIEW } from "./purchase-views";

const row = (id: string, status: string, paymentStatus: string): OrderListRow => ({
  id,
  displayId: `NL${id.slice(0, 8).toUpperCase()}`,
  customerName: "Asha",
  customerEmail: "asha@example.in",
  customerPhone: "+919800000001",
  subtotal: 2499,
  deliveryFee: 299,
  codFee: 50,
  discount: 0,
  totalAmount: 2848,
  paymentMethod: "cod",
  paymentLabel: "Cash on Delivery",
  channelNote: "Website",
  paymentStatus,
  status,
  isTest: false,
  createdAt: "2031-07-05T10:00:00.000Z",
});

function purchasesPage(rows: OrderListRow[]) {
  const { Page } = orderPageRoute(PURCHASES_VIEW);
  const loaderData = {
    page: { rows, total: rows.length, hiddenAttempts: 0, page: 1, pageCount: 1, pageSize: 50 },
    filters: { page: 1 },
    errors: {},
    raw: {},
    orderParam: null,
    details: null,
    related: null,
  };
  const Stub = createRoutesStub([
    { path: "/admin/purchases", Component: () => <Page loaderData={loaderData} /> },
  ]);
  return renderToString(<Stub initialEntries={["/admin/purchases"]} />).replace(/<!-- -->/g, "");
}

describe("Cancel selected (issue 41)", () => {
  it("the list offers a box for each open order only, and one to select all open orders of the page", () => {
    const html = purchasesPage([
      row("11111111-1111-4111-8111-111111111111", "pending", "pending"),
      row("22222222-2222-4222-8222-222222222222", "confirmed", "pending"),
      row("33333333-3333-4333-8333-333333333333", "pending", "paid"),
    ]);
    expect(html).toContain('aria-label="Select all open orders on this page"');
    expect(html).toContain('aria-label="Select order NL11111111"');
    expect(html).not.toContain('aria-label="Select order NL22222222"');
    expect(html).not.toContain('aria-label="Select order NL33333333"');
    expect(html).toContain("Tick open orders (not confirmed, not paid) to cancel several at once");
  });

  it("no box when no order on the page is open", () => {
    const html = purchasesPage([row("22222222-2222-4222-8222-222222222222", "confirmed", "pending")]);
    expect(html).not.toContain("Select all open orders");
    expect(html).not.toContain("Tick open orders");
  });

  it("the form: ids separated by commas, 1 to 100, each an order id; the answer's sentence", () => {
    const id = "11111111-1111-4111-8111-111111111111";
    expect(cancelSeveralSchema.parse({ intent: "cancel-several", orders: `${id}, ${id}` }).orders).toEqual([
      id,
    ]);
    expect(cancelSeveralSchema.safeParse({ intent: "cancel-several", orders: "" }).success).toBe(false);
    expect(cancelSeveralSchema.safeParse({ intent: "cancel-several", orders: "x" }).success).toBe(false);
    const many = Array.from(
      { length: 101 },
      (_, i) => `${String(i).padStart(8, "0")}-1111-4111-8111-111111111111`,
    );
    expect(cancelSeveralSchema.safeParse({ intent: "cancel-several", orders: many.join(",") }).success).toBe(
      false,
    );
    expect(isOpenOrder({ status: "pending", paymentStatus: "failed" })).toBe(true);
    expect(cancelSeveralMessage(1, 0)).toBe("Cancelled 1 order; its stock is back.");
    expect(cancelSeveralMessage(3, 2)).toBe(
      "Cancelled 3 orders; their stock is back. 2 were left as they were.",
    );
  });
});
