import { describe, expect, it } from "vitest";
import type { CartItem } from "~/features/cart/cart";
import { applyOffers, offerRunning, offerSummary, type Offer, type OfferLine } from "./offers";
import {
  discountableLines,
  offerLines,
  priceCheckout,
  priceCustomLines,
  requestedLines,
  type RequestedCustomLine,
} from "~/features/checkout/order-pricing";
import { DEFAULT_SHIPPING } from "~/features/settings/shop-settings";

const freeDimmerXl: Offer = {
  id: "o1",
  name: "Free Dimmer on XL Signs",
  kind: "free-dimmer",
  value: 0,
  appliesTo: "all",
  sizes: ["XL"],
  startsOn: null,
  endsOn: null,
  isActive: true,
};
const today = "2025-09-10";

const line = (over: Partial<OfferLine>): OfferLine => ({
  key: "l",
  kind: "custom",
  size: "XL",
  quantity: 1,
  amount: 7498,
  dimmerUnit: 499,
  ...over,
});

describe("automatic offers", () => {
  it("free dimmer on XL: the custom sign's dimmer and the ready-made sign's brightness controller, per unit", () => {
    expect(applyOffers([freeDimmerXl], [line({})], today)).toMatchObject({
      amount: 499,
      applied: [{ name: "Free Dimmer on XL Signs", amount: 499 }],
    });
    const r = applyOffers(
      [freeDimmerXl],
      [line({ key: "p", kind: "product", quantity: 2, amount: 11998, dimmerUnit: 500 })],
      today,
    );
    expect(r.byLine.get("p")).toBe(1000);
  });

  it("gives nothing off a smaller sign, a sign without a dimmer, or the wrong kind of sign", () => {
    expect(applyOffers([freeDimmerXl], [line({ size: "L" })], today).amount).toBe(0);
    expect(applyOffers([freeDimmerXl], [line({ dimmerUnit: 0 })], today).amount).toBe(0);
    const customOnly = { ...freeDimmerXl, appliesTo: "custom" as const };
    expect(applyOffers([customOnly], [line({ kind: "product", dimmerUnit: 500 })], today).amount).toBe(0);
    expect(applyOffers([customOnly], [line({})], today).amount).toBe(499);
  });

  it("runs only while switched on and within its days", () => {
    expect(offerRunning({ ...freeDimmerXl, isActive: false }, today)).toBe(false);
    expect(offerRunning({ ...freeDimmerXl, startsOn: "2025-09-11" }, today)).toBe(false);
    expect(offerRunning({ ...freeDimmerXl, endsOn: "2025-09-09" }, today)).toBe(false);
    expect(offerRunning({ ...freeDimmerXl, startsOn: today, endsOn: today }, today)).toBe(true);
    expect(applyOffers([{ ...freeDimmerXl, endsOn: "2025-09-09" }], [line({})], today).amount).toBe(0);
  });

  it("percent off rounds to whole rupees; offers together never take more than the line costs", () => {
    const tenPercent: Offer = {
      ...freeDimmerXl,
      id: "o2",
      name: "10% off",
      kind: "percent-off",
      value: 10,
      sizes: [],
    };
    expect(applyOffers([tenPercent], [line({ amount: 2999 })], today).amount).toBe(300);
    const all: Offer = { ...tenPercent, name: "All off", value: 100 };
    expect(applyOffers([all, freeDimmerXl], [line({ amount: 7498 })], today).amount).toBe(7498);
    expect(offerSummary(freeDimmerXl)).toBe("Free dimmer on XL signs");
  });

  it("priced into a checkout: the offer first, then a code on what is left; free delivery counts both", () => {
    const item = (size: "L" | "XL"): CartItem => ({
      id: `custom-${size}`,
      name: "x",
      price: 1,
      image: "",
      quantity: 1,
      type: "custom",
      customConfig: {
        text: "GLOW",
        font: "orbitron",
        color: "pink",
        size,
        hasDimmer: true,
        backingShape: "cut-to-shape",
      },
    });
    const customs = priceCustomLines(requestedLines([item("XL")]).lines as RequestedCustomLine[]);
    const offers = applyOffers([freeDimmerXl], offerLines([], customs), today);
    expect(discountableLines([], customs, offers)[0]!.amount).toBe(6999);
    const r = priceCheckout(
      [],
      customs,
      { dest: { country: "IN", pincode: "243601" }, method: "standard", paymentMethod: "cod" },
      DEFAULT_SHIPPING,
      { offers },
    );
    expect(r.ok && r.plan).toMatchObject({
      subtotal: 7498,
      offerDiscount: 499,
      offerNames: "Free Dimmer on XL Signs",
      deliveryFee: 0,
      codFee: 50,
      totalAmount: 7498 - 499 + 50,
    });
    expect(r.ok && r.plan.custom[0]).toMatchObject({ offerDiscount: 499, totalAmount: 7049 });
  });
});
