import { describe, expect, it } from "vitest";
import { DEFAULT_PREPAID_RULES, RISK_PREPAID_MESSAGE } from "~/features/settings/cod-settings";
import type { OrderLimits } from "./order-limits";
import {
  lineRefusal,
  mayFreeStock,
  NOTHING_TO_PAY,
  planRefusal,
  refusal,
  type PlanCheck,
} from "./place-order-rules";

const limits = { maxOrderTotal: 50_000 } as OrderLimits;
const check = (over: Partial<PlanCheck> = {}): PlanCheck => ({
  paymentMethod: "cod",
  plan: { totalAmount: 2_000, codFee: 50 },
  custom: false,
  pincode: "560001",
  limits,
  prepaidRules: DEFAULT_PREPAID_RULES,
  riskHistory: null,
  contact: { email: "shop@example.in", phone: "+91 98765 43210" },
  ...over,
});
const riskyHistory = {
  prior: { rto: 3, cancelled: 2, delivered: 0, total: 5 },
  pin: { code: "560001", shipped: 20, rto: 12 },
  address1: "1",
};

describe("placing an order: the plan's own rules", () => {
  it("lets an ordinary COD or online order through", () => {
    expect(planRefusal(check())).toBeNull();
    expect(planRefusal(check({ paymentMethod: "razorpay" }))).toBeNull();
  });

  it("refuses to take an online payment of nothing, naming the payment field", () => {
    expect(planRefusal(check({ paymentMethod: "razorpay", plan: { totalAmount: 0, codFee: 0 } }))).toEqual({
      ok: false,
      status: 422,
      code: "discount",
      message: NOTHING_TO_PAY,
      fieldErrors: { paymentMethod: NOTHING_TO_PAY },
    });
    // Cash on delivery of a free order is the shop's choice to ship; it is not refused here.
    expect(planRefusal(check({ plan: { totalAmount: 0, codFee: 0 } }))).toBeNull();
  });

  it("refuses COD where the owner's pay-online-only rules say so, on the goods without the COD charge", () => {
    const above = { ...DEFAULT_PREPAID_RULES, prepaidAbove: 1_950 };
    expect(planRefusal(check({ prepaidRules: above }))).toBeNull(); // 2,000 - 50 = 1,950 is not above
    expect(
      planRefusal(check({ prepaidRules: above, plan: { totalAmount: 2_001, codFee: 50 } }))?.fieldErrors,
    ).toHaveProperty("paymentMethod");
    const custom = { ...DEFAULT_PREPAID_RULES, prepaidCustom: "yes" as const };
    expect(planRefusal(check({ prepaidRules: custom, custom: true }))?.code).toBe("shipping");
    // An online order is never refused by the COD rules.
    expect(planRefusal(check({ prepaidRules: custom, custom: true, paymentMethod: "razorpay" }))).toBeNull();
  });

  it("refuses COD for a risky history only when the owner's risk rule is on", () => {
    expect(planRefusal(check({ riskHistory: riskyHistory }))).toBeNull();
    const rule = { ...DEFAULT_PREPAID_RULES, prepaidRiskLevel: "medium" as const };
    expect(planRefusal(check({ prepaidRules: rule, riskHistory: riskyHistory }))?.message).toBe(
      RISK_PREPAID_MESSAGE,
    );
  });

  it("refuses a total above the order ceiling with the shop's contact", () => {
    const r = planRefusal(check({ plan: { totalAmount: 50_001, codFee: 0 } }));
    expect(r).toMatchObject({ status: 422, code: "ceiling" });
    expect(r?.message).toContain("shop@example.in");
    expect(planRefusal(check({ plan: { totalAmount: 50_000, codFee: 0 } }))).toBeNull();
  });
});

describe("placing an order: refusals", () => {
  it("shows the first line's problem and every line's", () => {
    expect(lineRefusal(409, "lines", [])).toBeNull();
    expect(lineRefusal(409, "lines", ["A is sold out", "B is gone"])).toEqual(
      refusal(409, "lines", "A is sold out", { lineErrors: ["A is sold out", "B is gone"] }),
    );
  });

  it("frees stock held by expired orders once, and only for stock refusals of ready-made products", () => {
    const short = refusal(409, "lines", "A is sold out");
    expect(mayFreeStock(short, ["p1"], false)).toBe(true);
    expect(mayFreeStock(refusal(422, "limits", "at most 3"), ["p1"], false)).toBe(true);
    expect(mayFreeStock(short, ["p1"], true)).toBe(false);
    expect(mayFreeStock(short, [], false)).toBe(false);
    expect(mayFreeStock(refusal(422, "discount", "wrong code"), ["p1"], false)).toBe(false);
  });
});
