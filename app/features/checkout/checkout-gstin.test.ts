import { describe, expect, it } from "vitest";
import { checkoutFormSchema, INDIAN_STATES } from "./checkout";
import { fieldErrorsOf as fieldErrors } from "~/shared/form-errors";
import { gstinCheckCharacter } from "~/shared/gstin";
import { GST_STATES, gstStateBySlug } from "~/shared/gst-states";

const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
const MAHARASHTRA = withCheck("27AAACB1234C1Z");

const form = {
  name: "Priya Sharma",
  phone: "98765 43210",
  email: "priya@example.com",
  address1: "1 Marine Drive",
  city: "Mumbai",
  state: "maharashtra",
  pincode: "400001",
  paymentMethod: "cod",
};

const errorsOf = (extra: Record<string, unknown>) => {
  const r = checkoutFormSchema.safeParse({ ...form, ...extra });
  return r.success ? {} : fieldErrors(r.error);
};

describe("the buyer's GSTIN at checkout", () => {
  it("is optional", () => {
    const r = checkoutFormSchema.parse(form);
    expect(r.buyerGstin).toBeUndefined();
    expect(r.businessName).toBeUndefined();
  });

  it("accepts a valid GSTIN of the delivery state with a business name, spaces and case ignored", () => {
    const typed = MAHARASHTRA.toLowerCase().replace(/(.{5})/g, "$1 ");
    const r = checkoutFormSchema.parse({ ...form, buyerGstin: typed, businessName: " Brew Cafe LLP " });
    expect(r.buyerGstin).toBe(MAHARASHTRA);
    expect(r.businessName).toBe("Brew Cafe LLP");
  });

  it("refuses a wrong check character, a bad shape, and another state's GSTIN", () => {
    const wrongCheck = MAHARASHTRA.slice(0, 14) + (MAHARASHTRA[14] === "A" ? "B" : "A");
    expect(errorsOf({ buyerGstin: wrongCheck, businessName: "Brew" }).buyerGstin).toMatch(/check character/);
    expect(errorsOf({ buyerGstin: "27AAACB1234", businessName: "Brew" }).buyerGstin).toMatch(/15 characters/);
    expect(errorsOf({ buyerGstin: withCheck("29AAACB1234C1Z"), businessName: "Brew" }).buyerGstin).toBe(
      "This GSTIN is registered in Karnataka; for delivery to Maharashtra it must start with 27.",
    );
  });

  it("needs both the GSTIN and the business name, and India", () => {
    expect(errorsOf({ buyerGstin: MAHARASHTRA })).toEqual({
      businessName: "Please enter the business name registered with this GSTIN.",
    });
    expect(errorsOf({ businessName: "Brew Cafe LLP" })).toEqual({
      buyerGstin: "Enter the business's GSTIN, or leave the business name empty.",
    });
    expect(
      errorsOf({
        country: "AE",
        paymentMethod: "razorpay",
        phone: "+971 50 123 4567",
        pincode: "",
        region: "Dubai",
        buyerGstin: MAHARASHTRA,
        businessName: "Brew",
      }).buyerGstin,
    ).toBe("A GSTIN can be used only for deliveries in India.");
  });
});

describe("GST state codes", () => {
  it("cover every state and union territory of the checkout, once each", () => {
    expect(GST_STATES).toHaveLength(INDIAN_STATES.length);
    for (const s of INDIAN_STATES) expect(gstStateBySlug(s.value)?.name).toBe(s.label);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(GST_STATES.length);
    expect(gstStateBySlug("delhi")?.code).toBe("07");
    expect(gstStateBySlug("andhra-pradesh")?.code).toBe("37");
    expect(
      GST_STATES.filter((s) => s.utgst)
        .map((s) => s.code)
        .sort(),
    ).toEqual(["04", "26", "31", "35", "38"]);
  });
});
