import { describe, expect, it } from "vitest";
import {
  codState,
  daysBetween,
  isBankWorkingDay,
  reconcile,
  settlementSums,
  workingDaysAfter,
  type SettlementLine,
  type ShopPayment,
} from "./reconciliation";

const ist = (iso: string) => new Date(`${iso}+05:30`);

describe("bank working days in India", () => {
  it("skip Sundays and the second and fourth Saturdays, not the others", () => {
    // November 2026: Saturdays 7 (1st), 14 (2nd), 21 (3rd), 28 (4th).
    expect(["2026-11-07", "2026-11-21"].map(isBankWorkingDay)).toEqual([true, true]);
    expect(["2026-11-14", "2026-11-28", "2026-11-29"].map(isBankWorkingDay)).toEqual([false, false, false]);
    expect(isBankWorkingDay("2026-10-31")).toBe(true); // a fifth Saturday
  });

  it("count T+3 from the day in India the payment was made", () => {
    // Friday 27 Nov late evening in India (UTC still Friday): Mon 30, Tue 1, Wed 2.
    expect(workingDaysAfter(ist("2026-11-27T23:30:00"), 3)).toBe("2026-12-02");
    // 00:30 on Saturday 28 Nov in India is still Friday in UTC: the India day counts.
    expect(workingDaysAfter(ist("2026-11-28T00:30:00"), 3)).toBe("2026-12-02");
    expect(workingDaysAfter(ist("2026-11-13T10:00:00"), 1)).toBe("2026-11-16");
    expect(daysBetween(ist("2026-11-01T23:00:00"), ist("2026-11-03T01:00:00"))).toBe(2);
  });
});

const pay = (id: string, amount: number, paidAt: string): ShopPayment => ({
  paymentId: id,
  amount,
  paidAt: ist(paidAt),
  orders: [{ ref: `NL-${id}`, href: `/admin/purchases?order=${id}` }],
});
const line = (
  l: Partial<SettlementLine> & Pick<SettlementLine, "entityId" | "type" | "amount">,
): SettlementLine => ({
  settlementId: "setl_1",
  utr: "UTR1",
  paymentId: l.type === "payment" ? l.entityId : null,
  fee: 0,
  tax: 0,
  debit: l.type === "payment" ? 0 : l.amount,
  credit: l.type === "payment" ? l.amount - (l.fee ?? 0) : 0,
  settledAt: ist("2026-11-10T10:00:00"),
  ...l,
});

describe("settlement sums and the reconciliation", () => {
  const base = {
    settlements: [],
    reported: [],
    unsettled: [],
    unknownPayments: [],
    amountDifferences: [],
    undeducted: [],
    now: ist("2026-11-20T12:00:00"),
  };

  it("a payment is missing only once its T+3 has passed", () => {
    const r = reconcile({
      ...base,
      unsettled: [pay("b", 2000, "2026-11-19T10:00:00"), pay("a", 1000, "2026-11-13T10:00:00")],
    });
    expect(r.unsettled.map((p) => [p.paymentId, p.dueBy, p.overdue])).toEqual([
      ["a", "2026-11-18", true],
      ["b", "2026-11-23", false],
    ]);
  });

  it("the lines of a settlement add up (fee less its GST, refunds and adjustments debited), checked against Razorpay's figure", () => {
    const sums = settlementSums([
      line({ entityId: "pay_a", type: "payment", amount: 100_000, fee: 2_360, tax: 360 }),
      line({ entityId: "rfnd_x", type: "refund", amount: 30_000, paymentId: "pay_old" }),
      line({ entityId: "adj_1", type: "adjustment", amount: 500 }),
      line({
        entityId: "pay_b",
        type: "payment",
        amount: 5_000,
        settlementId: "setl_0",
        settledAt: ist("2026-11-09T10:00:00"),
      }),
    ]);
    expect(sums.map((s) => s.id)).toEqual(["setl_0", "setl_1"]);
    expect(sums[1]).toMatchObject({
      payments: 1,
      paid: 100_000,
      refunds: 30_000,
      adjustments: 500,
      fees: 2_000,
      gstOnFees: 360,
      net: 67_140,
    });
    const r = reconcile({
      ...base,
      settlements: sums,
      reported: [
        { id: "setl_1", amount: 67_140, fees: 2_360, tax: 360, utr: "UTR1" },
        { id: "setl_0", amount: 4_000, fees: 0, tax: 0, utr: null },
      ],
    });
    expect(r.settlements.map((s) => [s.id, s.addsUp, s.reported])).toEqual([
      ["setl_0", false, 4_000],
      ["setl_1", true, 67_140],
    ]);
    expect(r.totals).toMatchObject({ payments: 2, paid: 105_000, net: 72_140 });
  });

  it("a refund no settlement has taken back is listed with its age, late after T+3", () => {
    const r = reconcile({
      ...base,
      undeducted: [
        { refundId: "rfnd_2", paymentId: "p", amount: 100, at: ist("2026-11-19T10:00:00"), orders: [] },
        { refundId: "rfnd_1", paymentId: "p", amount: 100, at: ist("2026-11-10T10:00:00"), orders: [] },
      ],
    });
    expect(r.undeductedRefunds.map((x) => [x.refundId, x.days, x.overdue])).toEqual([
      ["rfnd_1", 10, true],
      ["rfnd_2", 1, false],
    ]);
  });
});

describe("COD with couriers", () => {
  it("sorts parcels into paid over, short and outstanding, oldest first, late past 8 days", () => {
    const parcel = (ref: string, amount: number, remitted: number, delivered: string) => ({
      order: { ref, href: `/x/${ref}` },
      awb: `AWB${ref}`,
      courier: "Xpressbees",
      amount,
      deliveredAt: ist(delivered),
      remitted,
      remittedOn: remitted ? "2026-11-15" : null,
    });
    const s = codState(
      [
        parcel("1", 1000, 1000, "2026-11-01T10:00:00"),
        parcel("2", 1000, 600, "2026-11-02T10:00:00"),
        parcel("3", 2000, 0, "2026-11-15T10:00:00"),
        parcel("4", 500, 0, "2026-11-01T10:00:00"),
      ],
      ist("2026-11-20T10:00:00"),
    );
    expect(s.remitted.map((p) => p.order.ref)).toEqual(["1"]);
    expect(s.short).toEqual([expect.objectContaining({ missing: 400 })]);
    expect(s.outstanding.map((p) => [p.order.ref, p.days, p.late])).toEqual([
      ["4", 19, true],
      ["3", 5, false],
    ]);
    expect(s.outstandingAmount).toBe(400 + 2000 + 500);
  });
});
