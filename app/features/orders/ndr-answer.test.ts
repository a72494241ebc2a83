import { describe, expect, it } from "vitest";
import { ndrAnswerSchema, ndrCourierAction } from "~/features/orders/ndr-answer";

describe("the shopper's answer to a failed delivery", () => {
  it("takes the three choices; 'change' needs a new address or a valid mobile number", () => {
    expect(ndrAnswerSchema.safeParse({ answer: "reattempt" }).success).toBe(true);
    expect(ndrAnswerSchema.safeParse({ answer: "cancel" }).success).toBe(true);
    expect(ndrAnswerSchema.safeParse({ answer: "return" }).success).toBe(false);
    expect(ndrAnswerSchema.safeParse({ answer: "change" }).success).toBe(false);
    expect(ndrAnswerSchema.safeParse({ answer: "change", address: "short" }).success).toBe(false);
    expect(ndrAnswerSchema.safeParse({ answer: "change", phone: "5123456789" }).success).toBe(false);
    expect(ndrAnswerSchema.parse({ answer: "change", phone: "+91 98765-43210" }).phone).toBe("9876543210");
    expect(ndrAnswerSchema.safeParse({ answer: "change", address: "x".repeat(201) }).success).toBe(false);
  });

  it("asks the courier to deliver again (with the new details) or to send it back", () => {
    expect(ndrCourierAction("reattempt", {})).toMatchObject({ action: "re-attempt" });
    expect(ndrCourierAction("cancel", { phone: "9876543210" })).toEqual({
      action: "return",
      comments: "Customer cancelled the delivery",
    });
    expect(
      ndrCourierAction("change", { phone: "9876543210", address: "4 Residency Road, Bengaluru 560025" }),
    ).toMatchObject({
      action: "re-attempt",
      phone: "9876543210",
      address1: "4 Residency Road, Bengaluru 560025",
    });
  });
});
