import { describe, expect, it } from "vitest";
import { timelineHeading } from "./order-timeline-text";

describe("the timeline's headings", () => {
  it("name the change, and never a value going to itself (issue 42)", () => {
    expect(timelineHeading({ field: "status", fromValue: "confirmed", toValue: "in_production" })).toBe(
      "Status: Confirmed → In Production",
    );
    expect(timelineHeading({ field: "payment_status", fromValue: "pending", toValue: "paid" })).toBe(
      "Payment: Pending → Paid",
    );
    expect(timelineHeading({ field: "return", fromValue: null, toValue: "requested" })).toBe(
      "Return: Return requested",
    );
    // A refund started while the payment stays paid: "Payment", its note says the rest.
    expect(timelineHeading({ field: "payment_status", fromValue: "paid", toValue: "paid" })).toBe("Payment");
    // A production board move (issue 44).
    expect(timelineHeading({ field: "production", fromValue: "to_cut", toValue: "to_bend" })).toBe(
      "Production: To cut → To bend",
    );
  });
});
