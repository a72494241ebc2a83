import { describe, expect, it } from "vitest";
import { orderPaymentLabel } from "./order-payment-label";
import {
  displayCustomOrderId,
  displayOrderId,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
} from "./order-status";

describe("labels and ids", () => {
  it("labels statuses, unknown payment values as Pending", () => {
    expect(orderStatusLabel("in_production")).toBe("In Production");
    expect(paymentStatusLabel("failed")).toBe("Failed");
    expect(paymentStatusLabel("weird")).toBe("Pending");
    expect(paymentMethodLabel("cod")).toBe("COD");
    expect(paymentMethodLabel("razorpay")).toBe("Online Payment");
    expect(paymentMethodLabel("razorpay", true)).toBe("Online Payment (Test)");
  });

  it("builds display ids", () => {
    expect(displayOrderId("1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab")).toBe("NL1A2B3C4D");
    expect(displayCustomOrderId("1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab")).toBe("1A2B3C4D");
  });
});

describe("orderPaymentLabel", () => {
  it("a cancelled or returned COD order's payment was not collected; everything else shows its status", () => {
    expect(orderPaymentLabel({ paymentMethod: "cod", paymentStatus: "pending", status: "cancelled" })).toBe(
      "Not collected",
    );
    expect(orderPaymentLabel({ paymentMethod: "cod", paymentStatus: "pending", status: "rto" })).toBe(
      "Not collected",
    );
    expect(orderPaymentLabel({ paymentMethod: "cod", paymentStatus: "pending", status: "dispatched" })).toBe(
      "Pending",
    );
    expect(orderPaymentLabel({ paymentMethod: "cod", paymentStatus: "paid", status: "cancelled" })).toBe(
      "Paid",
    );
    expect(
      orderPaymentLabel({ paymentMethod: "razorpay", paymentStatus: "pending", status: "cancelled" }),
    ).toBe("Pending");
  });
});
