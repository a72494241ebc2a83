import { describe, expect, it } from "vitest";
import {
  allowedReturnReasons,
  checkReturnMove,
  checkReturnRequest,
  returnDeadline,
  returnsStock,
} from "./returns";

const delivered = new Date("2026-11-10T10:00:00Z");
const days = (d: number) => new Date(delivered.getTime() + d * 86_400_000);
const readyMade = {
  kind: "order" as const,
  status: "delivered" as const,
  deliveredAt: delivered,
  international: false,
  hasOpenReturn: false,
};

describe("return rules (the Return Policy)", () => {
  it("takes ready-made signs back for any reason within 7 days of delivery", () => {
    expect(checkReturnRequest(readyMade, "changed_mind", days(6.9)).ok).toBe(true);
    expect(checkReturnRequest(readyMade, "defective", days(7)).ok).toBe(true);
    expect(checkReturnRequest(readyMade, "changed_mind", days(7.01))).toMatchObject({
      ok: false,
      message: expect.stringContaining("within 7 days"),
    });
    expect(returnDeadline(readyMade, days(1))?.toISOString()).toBe(days(7).toISOString());
    expect(returnDeadline(readyMade, days(8))).toBeNull();
  });
  it("takes custom signs back only when defective, damaged or wrongly made", () => {
    const custom = { ...readyMade, kind: "custom" as const };
    expect(checkReturnRequest(custom, "changed_mind", days(1))).toMatchObject({
      ok: false,
      message: expect.stringContaining("Custom signs"),
    });
    for (const r of ["defective", "damaged_in_transit", "wrongly_made"] as const)
      expect(checkReturnRequest(custom, r, days(1)).ok).toBe(true);
    expect(allowedReturnReasons(custom)).not.toContain("changed_mind");
  });
  it("takes international orders back only when defective or damaged", () => {
    const abroad = { ...readyMade, international: true };
    expect(checkReturnRequest(abroad, "changed_mind", days(1)).ok).toBe(false);
    expect(checkReturnRequest(abroad, "damaged_in_transit", days(1)).ok).toBe(true);
  });
  it("refuses undelivered orders and a second open return", () => {
    expect(
      checkReturnRequest({ ...readyMade, status: "dispatched", deliveredAt: null }, "defective", days(1)).ok,
    ).toBe(false);
    expect(checkReturnRequest({ ...readyMade, hasOpenReturn: true }, "defective", days(1))).toMatchObject({
      message: expect.stringContaining("already in progress"),
    });
  });
  it("moves a return only forward, one step at a time", () => {
    expect(checkReturnMove("requested", "approved").ok).toBe(true);
    expect(checkReturnMove("requested", "refused").ok).toBe(true);
    expect(checkReturnMove("approved", "received").ok).toBe(true);
    expect(checkReturnMove("received", "refunded").ok).toBe(true);
    expect(checkReturnMove("requested", "received").ok).toBe(false);
    expect(checkReturnMove("refused", "approved").ok).toBe(false);
    expect(checkReturnMove("refunded", "received").ok).toBe(false);
  });
  it("puts stock back only for resaleable ready-made signs", () => {
    expect(returnsStock("order", true)).toBe(true);
    expect(returnsStock("order", false)).toBe(false);
    expect(returnsStock("custom", true)).toBe(false);
  });
});
