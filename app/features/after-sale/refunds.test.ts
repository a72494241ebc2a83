import { describe, expect, it } from "vitest";
import { checkRefund, isFullyRefunded, nextRefundStatus, refundableAmount } from "./refunds";

describe("refund rules", () => {
  it("never refunds more than was paid, counting pending and processed but not failed refunds", () => {
    const refunds = [
      { amount: 500, status: "processed" as const },
      { amount: 300, status: "pending" as const },
      { amount: 999, status: "failed" as const },
    ];
    expect(refundableAmount(2000, refunds)).toBe(1200);
    expect(checkRefund(2000, refunds, 1200)).toEqual({ ok: true });
    expect(checkRefund(2000, refunds, 1201)).toMatchObject({
      ok: false,
      message: expect.stringContaining("₹1,200"),
    });
    expect(checkRefund(800, [{ amount: 800, status: "processed" }], 1)).toMatchObject({
      ok: false,
      message: "This order has already been refunded in full.",
    });
  });

  it("refuses zero, negative, fractional amounts and unpaid orders", () => {
    expect(checkRefund(1000, [], 0).ok).toBe(false);
    expect(checkRefund(1000, [], -5).ok).toBe(false);
    expect(checkRefund(1000, [], 10.5).ok).toBe(false);
    expect(checkRefund(0, [], 10).ok).toBe(false);
  });

  it("counts the order refunded only when processed refunds cover the payment", () => {
    expect(isFullyRefunded(1000, [{ amount: 1000, status: "pending" }])).toBe(false);
    expect(
      isFullyRefunded(1000, [
        { amount: 400, status: "processed" },
        { amount: 600, status: "processed" },
      ]),
    ).toBe(true);
    expect(isFullyRefunded(0, [])).toBe(false);
  });

  it("moves a refund only forward from pending", () => {
    expect(nextRefundStatus("pending", "processed")).toBe("processed");
    expect(nextRefundStatus("processed", "failed")).toBe("processed");
    expect(nextRefundStatus("failed", "processed")).toBe("failed");
  });
});
