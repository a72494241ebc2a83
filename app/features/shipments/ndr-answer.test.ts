import { describe, expect, it } from "vitest";
import { NDR_DETAILS_MESSAGE, ndrAnswerSchema, ndrCourierAction, ndrDetails } from "./ndr-answer";
import { fieldErrorsOf } from "~/shared/form-errors";

const errorsOf = (v: Record<string, string>) => {
  const r = ndrAnswerSchema.safeParse(v);
  return r.success ? {} : fieldErrorsOf(r.error);
};

describe("the shopper's answer to a failed delivery", () => {
  it("takes the three choices; 'change' needs a new address or a valid mobile number", () => {
    expect(ndrAnswerSchema.safeParse({ answer: "reattempt" }).success).toBe(true);
    expect(ndrAnswerSchema.safeParse({ answer: "cancel" }).success).toBe(true);
    expect(ndrAnswerSchema.safeParse({ answer: "return" }).success).toBe(false);
    expect(errorsOf({ answer: "change", address1: " ", phone: "" })).toEqual({
      address1: NDR_DETAILS_MESSAGE,
    });
    expect(errorsOf({ answer: "change", phone: "5123456789" })).toEqual({
      phone: "Enter a valid 10-digit Indian mobile number.",
    });
    expect(ndrAnswerSchema.parse({ answer: "change", phone: "+91 98765-43210" }).phone).toBe("+919876543210");
  });

  it("checks the address lines as the checkout does: one line each, 200 characters, line 1 first", () => {
    expect(errorsOf({ answer: "change", address1: "x".repeat(201) })).toEqual({
      address1: "Keep this under 200 characters.",
    });
    expect(errorsOf({ answer: "change", address1: "Flat 2\nBlock B" })).toHaveProperty("address1");
    expect(errorsOf({ answer: "change", landmark: "Opp. Bus Stand" })).toEqual({
      address1: "Please enter your address.",
    });
  });

  it("asks the courier to deliver again (with the new details) or to send it back", () => {
    expect(ndrCourierAction("reattempt", {})).toMatchObject({ action: "re-attempt" });
    expect(ndrCourierAction("cancel", { phone: "9876543210" })).toEqual({
      action: "return",
      comments: "Customer cancelled the delivery",
    });
    const details = ndrDetails(
      ndrAnswerSchema.parse({
        answer: "change",
        address1: "4 Residency Road",
        address2: "Flat 12",
        landmark: "City Mall",
        phone: "098765 43210",
      }),
    );
    expect(details).toEqual({
      address1: "4 Residency Road",
      address2: "Flat 12, Near City Mall",
      phone: "9876543210",
    });
    expect(ndrCourierAction("change", details)).toEqual({
      action: "re-attempt",
      comments: "Customer gave a new address or phone",
      phone: "9876543210",
      address1: "4 Residency Road",
      address2: "Flat 12, Near City Mall",
    });
    // An answer kept before the address had lines still reaches the courier.
    expect(ndrCourierAction("change", { address: "4 Residency Road, Bengaluru 560025" })).toMatchObject({
      address1: "4 Residency Road, Bengaluru 560025",
    });
  });
});
