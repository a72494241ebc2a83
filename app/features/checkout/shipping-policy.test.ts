import { describe, expect, it } from "vitest";
import {
  chargesSummaryText,
  codText,
  expressShippingText,
  internationalTexts,
  standardShippingText,
} from "./shipping-policy";
import { DEFAULT_SHIPPING } from "~/features/settings/shop-settings";

describe("the policy's delivery sentences", () => {
  it("say the policy's numbers by default", () => {
    expect(standardShippingText(DEFAULT_SHIPPING)).toBe(
      "Standard shipping: ₹299, free on orders of ₹5,000 or more (estimated 7-14 business days)",
    );
    expect(expressShippingText(DEFAULT_SHIPPING)).toBe(
      "Express shipping: ₹599 (major cities only: PIN codes starting with 110, 400, 560, 600, 700, 500, 411, 380; estimated 3-5 business days)",
    );
    expect(codText(DEFAULT_SHIPPING)).toBe("Cash on delivery: ₹50 extra");
    expect(internationalTexts(DEFAULT_SHIPPING)[0]).toBe("United Arab Emirates: ₹2,499, 15-20 business days");
    expect(chargesSummaryText(DEFAULT_SHIPPING)).toBe(
      "Delivery charges: standard delivery ₹299, free on orders of ₹5,000 or more (estimated 7-14 business days); express delivery ₹599 where offered; cash on delivery adds ₹50; international delivery is charged per country (see Shipping Info).",
    );
  });

  it("follow the owner's changes", () => {
    const r = { ...DEFAULT_SHIPPING, standardFee: 149, freeFrom: null, expressPinPrefixes: [], codFee: 0 };
    expect(standardShippingText(r)).toBe("Standard shipping: ₹149 (estimated 7-14 business days)");
    expect(expressShippingText(r)).toBeNull();
    expect(codText(r)).toBe("Cash on delivery: no extra charge");
    expect(standardShippingText({ ...r, freeFrom: 3500 })).toContain("free on orders of ₹3,500 or more");
  });
});
