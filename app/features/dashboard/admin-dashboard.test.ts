import { describe, expect, it } from "vitest";
import { activityTitle, orderLabel, type ActivityItem } from "./admin-dashboard";

const id = "3f2a9c1b-1111-4222-8333-444455556666";
const base: ActivityItem = {
  id: "x",
  kind: "order",
  orderKind: "order",
  orderId: id,
  customerName: "Asha",
  amount: 2499,
  from: null,
  to: null,
  by: null,
  at: "2026-01-01T00:00:00Z",
};

describe("orderLabel", () => {
  it("uses the spec's display ids", () => {
    expect(orderLabel("order", id)).toBe("NL3F2A9C1B");
    expect(orderLabel("custom_order", id)).toBe("3F2A9C1B");
  });
});

describe("activityTitle", () => {
  it("describes new orders and status changes", () => {
    expect(activityTitle(base)).toBe("New order #NL3F2A9C1B");
    expect(activityTitle({ ...base, kind: "custom_order", orderKind: "custom_order" })).toBe(
      "New custom neon order #3F2A9C1B",
    );
    expect(activityTitle({ ...base, kind: "status", from: "pending", to: "in_production" })).toBe(
      "Order #NL3F2A9C1B: Pending → In production",
    );
    expect(activityTitle({ ...base, kind: "payment_status", from: "pending", to: "paid" })).toBe(
      "Order #NL3F2A9C1B: payment pending → paid",
    );
  });
});
