import { addBusinessDays } from "~/shared/business-days";
import { describe, expect, it } from "vitest";
import { deliveryOptions, expressAvailable, freeStandardDelivery, shippingCharges } from "./shipping";
import { DEFAULT_SHIPPING } from "~/features/settings/shop-settings";

const rules = DEFAULT_SHIPPING;

describe("shipping rules", () => {
  it("offers express only to PIN codes starting with a major city's prefix", () => {
    expect(expressAvailable("110001", rules)).toBe(true);
    expect(expressAvailable("400050", rules)).toBe(true);
    expect(expressAvailable("243601", rules)).toBe(false);
    expect(expressAvailable("11000", rules)).toBe(false);
    expect(expressAvailable("", rules)).toBe(false);
    expect(expressAvailable("110001", { ...rules, expressPinPrefixes: [] })).toBe(false);
  });

  it("makes standard delivery free at or above the threshold, never when there is none", () => {
    expect(freeStandardDelivery(4999, rules)).toBe(false);
    expect(freeStandardDelivery(5000, rules)).toBe(true);
    expect(freeStandardDelivery(1_000_000, { ...rules, freeFrom: null })).toBe(false);
  });

  it("abroad: one option with the country's fee and window, online payment only", () => {
    const dubai = { country: "AE" as const, pincode: "" };
    expect(deliveryOptions(dubai, 10_000, rules)).toEqual([
      {
        method: "international",
        label: "International Delivery to United Arab Emirates",
        fee: 2499,
        daysMin: 15,
        daysMax: 20,
      },
    ]);
    expect(
      shippingCharges(
        { dest: dubai, method: "express", paymentMethod: "razorpay", goodsSubtotal: 10_000 },
        rules,
      ),
    ).toEqual({
      ok: true,
      charges: { method: "international", deliveryFee: 2499, codFee: 0, daysMin: 15, daysMax: 20 },
    });
    expect(
      shippingCharges(
        { dest: dubai, method: "standard", paymentMethod: "cod", goodsSubtotal: 10_000 },
        rules,
      ),
    ).toEqual({
      ok: false,
      field: "paymentMethod",
      message: "Cash on delivery is available in India only. Please pay online.",
    });
  });

  it("asks for the PIN code before express can be chosen", () => {
    expect(
      shippingCharges(
        { dest: { country: "IN", pincode: "" }, method: "express", paymentMethod: "cod", goodsSubtotal: 100 },
        rules,
      ),
    ).toMatchObject({ ok: false, message: "Please enter your PIN code to choose Express Delivery." });
  });

  it("counts business days Monday to Saturday", () => {
    // 2025-08-16 is a Saturday: the next business day is Monday the 18th.
    expect(addBusinessDays("2025-08-16", 1)).toBe("2025-08-18");
    expect(addBusinessDays("2025-08-18", 6)).toBe("2025-08-25");
    expect(addBusinessDays("2025-08-18", 0)).toBe("2025-08-18");
  });
});
