import { describe, expect, it } from "vitest";
import {
  countsAsOrder,
  formatPercent,
  parseDashboardQuery,
  rangeDays,
  revenueOf,
  summarizeDays,
  type DayFigures,
} from "./sales-figures";

const order = (o: Partial<Parameters<typeof revenueOf>[0]>) => ({
  paymentMethod: "cod",
  paymentStatus: "pending",
  status: "pending",
  totalAmount: 1000,
  ...o,
});

describe("what counts as an order", () => {
  it("leaves out online orders never paid (abandoned or failed attempts), and test orders unless asked", () => {
    expect(countsAsOrder(order({ paymentMethod: "razorpay", paymentStatus: "pending" }))).toBe(false);
    expect(countsAsOrder(order({ paymentMethod: "razorpay", paymentStatus: "failed" }))).toBe(false);
    expect(countsAsOrder(order({ paymentMethod: "razorpay", paymentStatus: "paid" }))).toBe(true);
    expect(countsAsOrder(order({ paymentMethod: "razorpay", paymentStatus: "refunded" }))).toBe(true);
    // Cash on delivery is an order before any money moves.
    expect(countsAsOrder(order({ paymentStatus: "pending" }))).toBe(true);
    expect(countsAsOrder(order({ paymentStatus: "failed" }))).toBe(true);
    const test = order({ paymentMethod: "razorpay", paymentStatus: "paid", isTest: true });
    expect(countsAsOrder(test)).toBe(false);
    expect(countsAsOrder(test, true)).toBe(true);
  });
});

describe("revenue: money actually received", () => {
  it("counts paid online orders whatever their status, until refunded", () => {
    for (const status of ["pending", "confirmed", "dispatched", "delivered", "cancelled", "rto"])
      expect(revenueOf(order({ paymentMethod: "razorpay", paymentStatus: "paid", status }))).toBe(1000);
    expect(revenueOf(order({ paymentMethod: "razorpay", paymentStatus: "refunded" }))).toBe(0);
    expect(revenueOf(order({ paymentMethod: "razorpay", paymentStatus: "pending" }))).toBe(0);
    expect(revenueOf(order({ paymentMethod: "razorpay", paymentStatus: "failed" }))).toBe(0);
  });

  it("counts cash on delivery only once delivered (cash collected), never an RTO or cancelled one", () => {
    expect(revenueOf(order({ status: "delivered", paymentStatus: "pending" }))).toBe(1000);
    expect(revenueOf(order({ status: "delivered", paymentStatus: "paid" }))).toBe(1000);
    expect(revenueOf(order({ status: "delivered", paymentStatus: "failed" }))).toBe(0);
    expect(revenueOf(order({ status: "delivered", paymentStatus: "refunded" }))).toBe(0);
    expect(revenueOf(order({ status: "dispatched", paymentStatus: "paid" }))).toBe(0);
    expect(revenueOf(order({ status: "rto", paymentStatus: "paid" }))).toBe(0);
    expect(revenueOf(order({ status: "rto", paymentStatus: "pending" }))).toBe(0);
    expect(revenueOf(order({ status: "cancelled" }))).toBe(0);
  });
});

const day = (d: Partial<DayFigures>): DayFigures => ({
  day: "2026-11-01",
  orders: 0,
  revenue: 0,
  prepaid: 0,
  cod: 0,
  cancelled: 0,
  rto: 0,
  shipped: 0,
  keptValue: 0,
  kept: 0,
  readyMadeOrders: 0,
  readyMadeRevenue: 0,
  customOrders: 0,
  customRevenue: 0,
  websiteOrders: 0,
  websiteRevenue: 0,
  chatOrders: 0,
  chatRevenue: 0,
  ...d,
});

describe("period totals", () => {
  it("adds the days up; RTO rate over shipped orders, cancellations over all orders, AOV over kept orders", () => {
    const t = summarizeDays([
      day({
        orders: 4,
        revenue: 3000,
        prepaid: 1,
        cod: 3,
        cancelled: 1,
        rto: 1,
        shipped: 2,
        keptValue: 5000,
        kept: 2,
      }),
      day({
        day: "2026-11-02",
        orders: 4,
        revenue: 1000,
        prepaid: 3,
        cod: 1,
        shipped: 2,
        keptValue: 4001,
        kept: 4,
      }),
    ]);
    expect(t).toMatchObject({
      orders: 8,
      revenue: 4000,
      prepaid: 4,
      cod: 4,
      shipped: 4,
      rto: 1,
      cancelled: 1,
    });
    expect(t.rtoRate).toBe(25);
    expect(t.cancellationRate).toBe(12.5);
    expect(t.prepaidShare).toBe(50);
    expect(t.averageOrderValue).toBe(1500); // 9001 / 6, rounded
  });

  it("shows no rate when there is nothing to divide by", () => {
    const t = summarizeDays([day({})]);
    expect([t.rtoRate, t.cancellationRate, t.averageOrderValue]).toEqual([null, null, 0]);
    expect(formatPercent(null)).toBe("–");
    expect(formatPercent(33.3)).toBe("33.3%");
  });
});

describe("the dashboard's period", () => {
  it("ends today in India: 23:59 IST is still that day, 00:00 IST the next", () => {
    expect(rangeDays(7, new Date("2026-11-23T18:29:59Z"))).toEqual({
      first: "2026-11-17",
      last: "2026-11-23",
    });
    expect(rangeDays(7, new Date("2026-11-23T18:30:00Z"))).toEqual({
      first: "2026-11-18",
      last: "2026-11-24",
    });
    expect(rangeDays(90, new Date("2026-03-01T00:00:00Z")).first).toBe("2025-12-02");
  });

  it("reads 7, 30 or 90 days and the test-orders box from the URL; anything else falls back to 30 days with a message", () => {
    const q = (s: string) => parseDashboardQuery(new URLSearchParams(s));
    expect(q("")).toEqual({ range: 30, test: false });
    expect(q("range=7&test=1")).toEqual({ range: 7, test: true });
    expect(q("range=90")).toEqual({ range: 90, test: false });
    expect(q("range=365&test=1")).toEqual({ range: 30, test: true, error: "Choose 7, 30 or 90 days." });
    expect(q("range=7.0")).toMatchObject({ range: 30, error: "Choose 7, 30 or 90 days." });
  });
});
