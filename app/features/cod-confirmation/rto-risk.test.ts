import { describe, expect, it } from "vitest";
import { assessRtoRisk, type RiskFacts } from "./rto-risk";

const base: RiskFacts = {
  prior: { rto: 0, cancelled: 0, delivered: 2, total: 2 },
  pin: { code: "243001", shipped: 0, rto: 0 },
  orderValue: 1_499,
  address1: "12, MG Road",
};
const texts = (f: Partial<RiskFacts>) => assessRtoRisk({ ...base, ...f }).reasons.map((r) => r.text);

describe("RTO risk", () => {
  it("a returning buyer with a good address is low, and says why", () => {
    expect(assessRtoRisk(base)).toEqual({
      level: "low",
      points: -1,
      reasons: [{ points: -1, text: "2 earlier orders delivered to this shopper before" }],
    });
  });

  it("an earlier RTO and a bad PIN make it high, each reason named", () => {
    const r = assessRtoRisk({
      ...base,
      prior: { rto: 1, cancelled: 0, delivered: 1, total: 2 },
      pin: { code: "110093", shipped: 10, rto: 4 },
    });
    expect(r.level).toBe("high");
    expect(r.reasons.map((x) => x.text)).toEqual([
      "1 earlier order with this phone, e-mail or address came back (RTO)",
      "PIN 110093: 4 of 10 COD parcels came back (40%)",
    ]);
  });

  it("first order, value and address quality", () => {
    expect(
      texts({
        prior: { rto: 0, cancelled: 0, delivered: 0, total: 0 },
        orderValue: 16_000,
        address1: "Near temple",
      }),
    ).toEqual([
      "First order from this phone, e-mail and address",
      "Order value ₹16,000 (₹15,000 or more)",
      "Address has no house or flat number",
    ]);
    expect(
      assessRtoRisk({ ...base, prior: { rto: 0, cancelled: 0, delivered: 0, total: 0 }, address1: "Gali" })
        .level,
    ).toBe("medium");
    expect(texts({ orderValue: 5_000 })).toContain("Order value ₹5,000 (₹5,000 or more)");
  });

  it("cancellations count; a PIN with few parcels is not judged", () => {
    expect(texts({ prior: { rto: 0, cancelled: 2, delivered: 0, total: 2 } })).toEqual([
      "2 earlier orders with this phone, e-mail or address cancelled",
    ]);
    expect(texts({ pin: { code: "243001", shipped: 4, rto: 4 } })).not.toContainEqual(
      expect.stringContaining("PIN"),
    );
    expect(texts({ pin: { code: "243001", shipped: 20, rto: 3 } })).toContain(
      "PIN 243001: 3 of 20 COD parcels came back (15%)",
    );
  });
});
