import { describe, expect, it } from "vitest";
import { riskRequiresPrepaid } from "~/features/settings/cod-settings";
import { prepaidNote, prepayPlan, withOnlineDiscountName, ONLINE_PAYMENT_DISCOUNT } from "./cod-prepay";
import { onlineSaving } from "~/features/checkout/order-pricing";

describe("prepayPlan", () => {
  it("drops the COD charge and shares the online discount by the goods left, adding up exactly", () => {
    const plan = prepayPlan(
      [
        { kind: "order", id: "a", totalAmount: 2_848, deliveryFee: 299, codFee: 50 },
        { kind: "custom", id: "b", totalAmount: 5_000, deliveryFee: 0, codFee: 0 },
      ],
      101,
    );
    const parts = plan.orders.map((o) => o.onlineDiscount);
    expect(parts.reduce((n, v) => n + v, 0)).toBe(101);
    expect(parts[1]).toBeGreaterThan(parts[0]!);
    expect(plan.orders[0]!.totalAmount).toBe(2_848 - 50 - parts[0]!);
    expect(plan.amount).toBe(2_848 + 5_000 - 50 - 101);
    expect(plan.saving).toBe(151);
  });

  it("never takes more than the goods, and no discount setting only drops the charge", () => {
    const small = prepayPlan(
      [{ kind: "order", id: "a", totalAmount: 399, deliveryFee: 299, codFee: 50 }],
      500,
    );
    expect(small.orders[0]!.onlineDiscount).toBe(50);
    expect(small.amount).toBe(299);
    const none = prepayPlan([{ kind: "order", id: "a", totalAmount: 1_549, deliveryFee: 0, codFee: 50 }], 0);
    expect(none).toMatchObject({ amount: 1_499, saving: 50 });
  });
});

describe("names and notes", () => {
  it("adds the online discount to the offers' names once", () => {
    expect(withOnlineDiscountName(null, 10)).toBe(ONLINE_PAYMENT_DISCOUNT);
    expect(withOnlineDiscountName("Free Dimmer", 10)).toBe(`Free Dimmer, ${ONLINE_PAYMENT_DISCOUNT}`);
    expect(withOnlineDiscountName(`Free Dimmer, ${ONLINE_PAYMENT_DISCOUNT}`, 10)).toBe(
      `Free Dimmer, ${ONLINE_PAYMENT_DISCOUNT}`,
    );
    expect(withOnlineDiscountName("Free Dimmer", 0)).toBe("Free Dimmer");
    expect(prepaidNote({ codFee: 50, onlineDiscount: 0 })).toBe(
      "Paid online instead of cash on delivery (cash on delivery charge ₹50 dropped)",
    );
  });

  it("says what paying online saves, the discount capped by the goods", () => {
    expect(onlineSaving(50, 100, 1_000)).toBe(150);
    expect(onlineSaving(50, 100, 30)).toBe(80);
    expect(onlineSaving(0, 0, 1_000)).toBe(0);
  });
});

describe("riskRequiresPrepaid", () => {
  it("refuses COD from the chosen level up, never when off", () => {
    expect(riskRequiresPrepaid({ prepaidRiskLevel: "off" }, "high")).toBe(false);
    expect(riskRequiresPrepaid({ prepaidRiskLevel: "high" }, "high")).toBe(true);
    expect(riskRequiresPrepaid({ prepaidRiskLevel: "high" }, "medium")).toBe(false);
    expect(riskRequiresPrepaid({ prepaidRiskLevel: "medium" }, "medium")).toBe(true);
    expect(riskRequiresPrepaid({ prepaidRiskLevel: "medium" }, "low")).toBe(false);
  });
});
