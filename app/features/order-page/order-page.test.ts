import { describe, expect, it } from "vitest";
import {
  canRetryPayment,
  cancelDeadline,
  checkShopperCancel,
  orderLookupSchema,
  orderTimeline,
  withCourierSteps,
  parseOrderContact,
  parseOrderReference,
} from "./order-page";

const placed = new Date("2026-11-20T10:00:00Z");
const base = {
  status: "pending" as const,
  paymentMethod: "cod" as const,
  paymentStatus: "pending" as const,
  createdAt: placed,
};
const hours = (h: number) => new Date(placed.getTime() + h * 3_600_000);

describe("shopper cancellation (the Terms: 24 hours, before production)", () => {
  it("allows pending and confirmed orders within 24 hours", () => {
    expect(checkShopperCancel(base, hours(23.9)).ok).toBe(true);
    expect(checkShopperCancel({ ...base, status: "confirmed" }, hours(1)).ok).toBe(true);
    expect(cancelDeadline(base, hours(1))?.toISOString()).toBe(hours(24).toISOString());
  });
  it("refuses after 24 hours, once production started, and twice", () => {
    expect(checkShopperCancel(base, hours(24.01))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("24 hours"),
    });
    expect(checkShopperCancel({ ...base, status: "in_production" }, hours(1))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("Production has started"),
    });
    expect(checkShopperCancel({ ...base, status: "dispatched" }, hours(1)).ok).toBe(false);
    expect(checkShopperCancel({ ...base, status: "cancelled" }, hours(1))).toMatchObject({
      ok: false,
      reason: "This order is already cancelled.",
    });
    expect(cancelDeadline({ ...base, status: "in_production" }, hours(1))).toBeNull();
  });
});

describe("paying again", () => {
  const online = { ...base, paymentMethod: "razorpay" as const };
  it("is offered for an unpaid or failed online order while its hold lasts", () => {
    expect(canRetryPayment({ ...online, holdExpiresAt: hours(1) }, hours(0.5))).toBe(true);
    expect(canRetryPayment({ ...online, paymentStatus: "failed", holdExpiresAt: hours(1) }, hours(0.5))).toBe(
      true,
    );
  });
  it("is not offered once the hold ended, when paid, cancelled or cash on delivery", () => {
    expect(canRetryPayment({ ...online, holdExpiresAt: hours(1) }, hours(1))).toBe(false);
    expect(canRetryPayment({ ...online, holdExpiresAt: null }, hours(0))).toBe(false);
    expect(canRetryPayment({ ...online, paymentStatus: "paid", holdExpiresAt: hours(1) }, hours(0))).toBe(
      false,
    );
    expect(canRetryPayment({ ...online, status: "cancelled", holdExpiresAt: hours(1) }, hours(0))).toBe(
      false,
    );
    expect(canRetryPayment({ ...base, holdExpiresAt: hours(1) }, hours(0))).toBe(false);
  });
});

describe("status timeline", () => {
  const history = [
    { toValue: "confirmed", createdAt: "2026-11-20T11:00:00.000Z" },
    { toValue: "in_production", createdAt: "2026-11-21T11:00:00.000Z" },
    { toValue: "dispatched", createdAt: "2026-11-22T11:00:00.000Z" },
  ];
  it("marks the steps done, current and upcoming with their times", () => {
    const t = orderTimeline("dispatched", placed.toISOString(), history);
    expect(t.map((s) => [s.status, s.state])).toEqual([
      ["pending", "done"],
      ["confirmed", "done"],
      ["in_production", "done"],
      ["dispatched", "current"],
      ["delivered", "upcoming"],
    ]);
    expect(t[3]!.at).toBe("2026-11-22T11:00:00.000Z");
    expect(t[4]!.at).toBeNull();
  });
  it("ends a cancelled order after the last step it reached", () => {
    const t = orderTimeline("cancelled", placed.toISOString(), [
      history[0]!,
      { toValue: "cancelled", createdAt: "2026-11-20T12:00:00.000Z" },
    ]);
    expect(t.map((s) => s.label)).toEqual(["Order placed", "Confirmed", "Cancelled"]);
    expect(t[2]).toMatchObject({ state: "current", at: "2026-11-20T12:00:00.000Z" });
  });
  it("shows a delivered order as complete", () => {
    const t = orderTimeline("delivered", placed.toISOString(), [
      ...history,
      { toValue: "delivered", createdAt: "2026-11-23T11:00:00.000Z" },
    ]);
    expect(t.every((s) => s.state === "done")).toBe(true);
  });
  it("puts the courier's steps under Dispatched once it is reached", () => {
    const events = [{ label: "In transit", at: "2026-11-22T15:00:00.000Z" }];
    const t = withCourierSteps(orderTimeline("dispatched", placed.toISOString(), history), events);
    expect(t.find((s) => s.status === "dispatched")!.events).toEqual(events);
    expect(t.filter((s) => s.events)).toHaveLength(1);
    const early = withCourierSteps(
      orderTimeline("in_production", placed.toISOString(), history.slice(0, 2)),
      events,
    );
    expect(early.some((s) => s.events)).toBe(false);
  });
});

describe("find my order", () => {
  it("reads order numbers as e-mailed, with or without NL, #, spaces or lower case", () => {
    expect(parseOrderReference("NL1A2B3C4D")).toEqual({ kind: "order", prefix: "1a2b3c4d" });
    expect(parseOrderReference(" #nl 1a2b-3c4d ")).toEqual({ kind: "order", prefix: "1a2b3c4d" });
    expect(parseOrderReference("1A2B3C4D")).toEqual({ kind: "custom", prefix: "1a2b3c4d" });
    expect(parseOrderReference("NL1A2B3C4")).toBeNull();
    expect(parseOrderReference("NLZZZZZZZZ")).toBeNull();
  });
  it("reads the contact as the orders store it", () => {
    expect(parseOrderContact("98765 43210")).toEqual({ phone: "+919876543210" });
    expect(parseOrderContact("+971 50 123 4567")).toEqual({ phone: "+971501234567" });
    expect(parseOrderContact(" Priya@Example.com ")).toEqual({ email: "priya@example.com" });
    expect(parseOrderContact("12345")).toBeNull();
    expect(parseOrderContact("not@")).toBeNull();
  });
  it("gives each field its own message", () => {
    const r = orderLookupSchema.safeParse({ orderId: "", contact: "123" });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["orderId", "contact"]));
  });
});
