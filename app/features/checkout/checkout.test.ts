import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkoutFormSchema,
  formatShippingAddress,
  landmarkPhrase,
  INDIAN_STATES,
  minPreferredDate,
  normalizeIndianMobile,
  parseLastOrderDetails,
  todayInIndia,
} from "./checkout";
import { fieldErrorsOf as fieldErrors } from "~/shared/form-errors";
import { displayCustomOrderId, displayOrderId } from "~/features/order-lifecycle/order-status";

const valid = {
  name: "Asha Verma",
  phone: "98765 43210",
  email: "asha@example.in",
  address1: "12 MG Road",
  address2: "",
  landmark: "",
  city: "New Delhi",
  state: "delhi",
  pincode: "110001",
  preferredDate: "",
  paymentMethod: "cod",
};

afterEach(() => vi.useRealTimers());

describe("states and union territories", () => {
  it("lists India's 28 states and 8 union territories with unique slug values", () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES.map((s) => s.value)).size).toBe(36);
    for (const s of INDIAN_STATES) expect(s.value).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const labels = INDIAN_STATES.map((s) => s.label);
    for (const ut of ["Delhi", "Chandigarh", "Ladakh", "Puducherry", "Jammu and Kashmir", "Lakshadweep"])
      expect(labels).toContain(ut);
    expect(labels.slice(0, 28)).toContain("Uttar Pradesh");
    expect(labels.slice(28)).not.toContain("Uttar Pradesh");
  });

  it("refuses a state that is not on the list", () => {
    const r = checkoutFormSchema.safeParse({ ...valid, state: "atlantis" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!).state).toBe("Please select your state.");
  });
});

describe("mobile numbers", () => {
  it.each([
    ["9876543210", "+919876543210"],
    ["98765 43210", "+919876543210"],
    ["+91 98765-43210", "+919876543210"],
    ["+919876543210", "+919876543210"],
    ["919876543210", "+919876543210"],
    ["09876543210", "+919876543210"],
    ["6000000000", "+916000000000"],
  ])("accepts %s", (raw, expected) => expect(normalizeIndianMobile(raw)).toBe(expected));

  it.each([
    "5876543210",
    "987654321",
    "98765432101",
    "+19876543210",
    "0987654321",
    "abcdefghij",
    "+91 5876543210",
    "",
  ])("refuses %s", (raw) => expect(normalizeIndianMobile(raw)).toBeNull());

  it("stores the normalised number", () => {
    const r = checkoutFormSchema.parse({ ...valid, phone: "0 98765 43210" });
    expect(r.phone).toBe("+919876543210");
  });
});

describe("PIN code", () => {
  it.each(["110001", "560034", "999999"])("accepts %s", (pincode) =>
    expect(checkoutFormSchema.safeParse({ ...valid, pincode }).success).toBe(true),
  );
  it.each(["011001", "11001", "1100011", "11000a", ""])("refuses %s", (pincode) => {
    const r = checkoutFormSchema.safeParse({ ...valid, pincode });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!).pincode).toMatch(/6 digits/);
  });
});

describe("preferred delivery date", () => {
  it("is today in India plus 7 days, IST not UTC", () => {
    // 20:00 UTC on 1 March is already 2 March in India (01:30 IST).
    const now = new Date("2026-03-01T20:00:00Z");
    expect(todayInIndia(now)).toBe("2026-03-02");
    expect(minPreferredDate(now)).toBe("2026-03-09");
    expect(minPreferredDate(new Date("2026-03-01T18:00:00Z"))).toBe("2026-03-08");
    expect(minPreferredDate(new Date("2026-12-28T10:00:00Z"))).toBe("2027-01-04");
  });

  it("accepts the earliest date and an empty date, refuses one day earlier and impossible dates", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-03-01T20:00:00Z"));
    expect(checkoutFormSchema.parse({ ...valid, preferredDate: "2026-03-09" }).preferredDate).toBe(
      "2026-03-09",
    );
    expect(checkoutFormSchema.parse({ ...valid, preferredDate: "" }).preferredDate).toBeUndefined();
    const early = checkoutFormSchema.safeParse({ ...valid, preferredDate: "2026-03-08" });
    expect(early.success).toBe(false);
    expect(fieldErrors(early.error!).preferredDate).toMatch(/earliest delivery date is 9 Mar 2026/);
    expect(checkoutFormSchema.safeParse({ ...valid, preferredDate: "2026-02-30" }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ ...valid, preferredDate: "tomorrow" }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ ...valid, preferredDate: "2028-03-09" }).success).toBe(false);
  });
});

describe("the checkout form", () => {
  it("parses a complete form, trimming and dropping empty optional fields", () => {
    const r = checkoutFormSchema.parse({
      ...valid,
      name: "  Asha Verma ",
      address2: "  ",
      landmark: "Near the metro",
    });
    expect(r).toMatchObject({
      name: "Asha Verma",
      address2: undefined,
      landmark: "Near the metro",
      state: "delhi",
      paymentMethod: "cod",
    });
  });

  it("names every missing required field", () => {
    const r = checkoutFormSchema.safeParse({ paymentMethod: "cod" });
    expect(r.success).toBe(false);
    const e = fieldErrors(r.error!);
    expect(Object.keys(e).sort()).toEqual(
      ["address1", "city", "email", "name", "phone", "pincode", "state"].sort(),
    );
    expect(e.name).toBe("Please enter your full name.");
  });

  it("refuses a bad email and an unknown payment method", () => {
    const r = checkoutFormSchema.safeParse({ ...valid, email: "asha@", paymentMethod: "bitcoin" });
    const e = fieldErrors(r.error!);
    expect(e.email).toBe("Please enter a valid email address.");
    expect(e.paymentMethod).toBeDefined();
  });
});

describe("display ids and address", () => {
  it("uses NL + the first uuid segment for orders and the first 8 characters for custom orders", () => {
    expect(displayOrderId("1a2b3c4d-0000-4000-8000-000000000000")).toBe("NL1A2B3C4D");
    expect(displayCustomOrderId("9f8e7d6c-0000-4000-8000-000000000000")).toBe("9F8E7D6C");
  });

  it("formats the address with the state's name", () => {
    expect(
      formatShippingAddress({
        address1: "12 MG Road",
        landmark: "Metro",
        city: "New Delhi",
        state: "delhi",
        pincode: "110001",
      }),
    ).toBe("12 MG Road, Near Metro, New Delhi, Delhi - 110001");
  });

  it("does not print 'Near Near' when the shopper typed the word", () => {
    const at = (landmark: string) =>
      formatShippingAddress({
        address1: "12 MG Road",
        landmark,
        city: "Pune",
        state: "maharashtra",
        pincode: "411001",
      });
    expect(at("Near City Mall")).toBe("12 MG Road, Near City Mall, Pune, Maharashtra - 411001");
    expect(at("near city mall")).toBe("12 MG Road, near city mall, Pune, Maharashtra - 411001");
    expect(at("  Opp. Bus Stand ")).toBe("12 MG Road, Opp. Bus Stand, Pune, Maharashtra - 411001");
    expect(landmarkPhrase("Behind Temple")).toBe("Behind Temple");
    expect(landmarkPhrase("Next to SBI")).toBe("Next to SBI");
    // A landmark that merely starts with the letters keeps its "Near".
    expect(landmarkPhrase("Nearby Park")).toBe("Near Nearby Park");
    expect(landmarkPhrase("Opposition Office")).toBe("Near Opposition Office");
    expect(landmarkPhrase("   ")).toBeUndefined();
  });

  it("reads lastOrderDetails and ignores a broken record", () => {
    expect(
      parseLastOrderDetails('{"orderId":"NL1","totalAmount":2798,"paymentMethod":"cod"}')?.totalAmount,
    ).toBe(2798);
    expect(parseLastOrderDetails("{nope")).toBeNull();
    expect(parseLastOrderDetails('{"orderId":"NL1","totalAmount":"2798","paymentMethod":"cod"}')).toBeNull();
  });
});

describe("international addresses", () => {
  const dubai = {
    ...valid,
    country: "AE",
    phone: "050 123 4567",
    state: "",
    region: "Dubai",
    pincode: "",
    city: "Dubai",
    paymentMethod: "razorpay",
  };
  it("takes a UAE address without a postal code, the phone checked by libphonenumber-js and stored as E.164", () => {
    const r = checkoutFormSchema.parse(dubai);
    expect(r).toMatchObject({ country: "AE", phone: "+971501234567", state: "Dubai", pincode: "" });
    expect(formatShippingAddress({ ...r, country: "AE" })).toBe(
      "12 MG Road, Dubai, Dubai, United Arab Emirates",
    );
  });

  it("checks each country's postal code, region and phone, and refuses cash on delivery abroad", () => {
    const errors = (over: Record<string, unknown>) => {
      const r = checkoutFormSchema.safeParse({ ...dubai, ...over });
      return r.success ? {} : fieldErrors(r.error);
    };
    expect(errors({ country: "US", pincode: "1234", region: "", phone: "12345" })).toEqual({
      pincode: "Enter a valid zip code for United States, such as 10001 or 10001-1234.",
      region: "Please enter your state.",
      phone: "Enter a valid phone number for United States, with its area code.",
    });
    expect(errors({ country: "GB", pincode: "SW1A 1AA", region: "", phone: "07400 123456" })).toEqual({});
    expect(
      errors({ country: "CA", pincode: "K1A 0B1", region: "Ontario", phone: "+1 613 555 0123" }),
    ).toEqual({});
    expect(errors({ country: "AU", pincode: "20000", region: "NSW", phone: "0412 345 678" })).toMatchObject({
      pincode: "Enter a valid postcode for Australia, such as 2000.",
    });
    expect(errors({ country: "SG", pincode: "018956", region: "", phone: "8123 4567" })).toEqual({});
    expect(errors({ paymentMethod: "cod" })).toEqual({
      paymentMethod: "Cash on delivery is available in India only. Please pay online.",
    });
    // A Dubai mobile is not an Indian one, and India keeps its own rules.
    expect(errors({ country: "IN", state: "delhi", pincode: "110001" })).toEqual({
      phone: "Enter a valid 10-digit Indian mobile number.",
    });
  });
});
