import { describe, expect, it } from "vitest";
import {
  PAYMENT_METHOD_IDS,
  ORDER_STATUS_IDS,
  PAYMENT_STATUS_IDS,
  RTO_REASON_IDS,
  rtoReasonLabel,
  type OrderStatus,
  type PaymentStatus,
} from "~/features/order-lifecycle/order-status";
import {
  checkPaymentMove,
  checkStatusMove,
  nextPaymentStatuses,
  nextStatuses,
  returnsStock,
  statusChangeSchema,
} from "./order-workflow";

const ALLOWED_STATUS: Record<OrderStatus, OrderStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["in_production", "cancelled"],
  in_production: ["dispatched", "cancelled"],
  dispatched: ["delivered", "rto"],
  delivered: [],
  cancelled: [],
  rto: [],
};

describe("order status moves", () => {
  for (const from of ORDER_STATUS_IDS) {
    for (const to of ORDER_STATUS_IDS) {
      const allowed = ALLOWED_STATUS[from].includes(to);
      it(`${from} → ${to}: ${allowed ? "allowed" : "refused"}`, () => {
        const r = checkStatusMove(
          { status: from, paymentStatus: "paid", paymentMethod: "cod" },
          { to, courier: "Delhivery", trackingNumber: "DL123", rtoReason: "refused" },
        );
        expect(r.ok).toBe(allowed);
      });
    }
  }

  it("names the reason for a refused cancel after dispatch", () => {
    const r = checkStatusMove(
      { status: "dispatched", paymentStatus: "pending", paymentMethod: "cod" },
      { to: "cancelled" },
    );
    expect(r).toEqual({ ok: false, field: "to", message: "A dispatched order cannot be cancelled." });
  });

  it("asks for the courier and the tracking number before dispatch", () => {
    const o = { status: "in_production", paymentStatus: "pending", paymentMethod: "cod" } as const;
    expect(checkStatusMove(o, { to: "dispatched", trackingNumber: "X1" })).toMatchObject({
      ok: false,
      field: "courier",
    });
    expect(
      checkStatusMove(o, { to: "dispatched", courier: "Blue Dart", trackingNumber: "  " }),
    ).toMatchObject({
      ok: false,
      field: "trackingNumber",
    });
    expect(checkStatusMove(o, { to: "dispatched", courier: "Blue Dart", trackingNumber: "BD1" }).ok).toBe(
      true,
    );
  });

  it("confirms an online order only once it is paid; COD at once", () => {
    for (const p of PAYMENT_STATUS_IDS) {
      expect(
        checkStatusMove(
          { status: "pending", paymentStatus: p, paymentMethod: "razorpay" },
          { to: "confirmed" },
        ).ok,
      ).toBe(p === "paid");
      expect(
        checkStatusMove({ status: "pending", paymentStatus: p, paymentMethod: "cod" }, { to: "confirmed" })
          .ok,
      ).toBe(true);
    }
  });
});

/** Expected payment moves: [method, order status, from] → allowed targets. */
function expectedPayment(method: string, status: OrderStatus, from: PaymentStatus): PaymentStatus[] {
  if (status === "cancelled" || status === "rto") return from === "paid" ? ["refunded"] : [];
  const out: PaymentStatus[] = [];
  const codCollectable = status === "dispatched" || status === "delivered";
  if (from === "pending") {
    if (method === "razorpay" || codCollectable) out.push("paid");
    out.push("failed");
  }
  if (from === "paid") {
    if (method === "cod") out.push("pending");
    out.push("refunded");
  }
  if (from === "failed") {
    if (method === "razorpay" || codCollectable) out.push("paid");
    out.push("pending");
  }
  return out;
}

describe("payment status moves", () => {
  for (const method of PAYMENT_METHOD_IDS) {
    for (const status of ORDER_STATUS_IDS) {
      for (const from of PAYMENT_STATUS_IDS) {
        const want = expectedPayment(method, status, from);
        it(`${method}, ${status}, ${from} → ${want.join("/") || "nothing"}`, () => {
          const order = { status, paymentStatus: from, paymentMethod: method };
          expect(nextPaymentStatuses(order).sort()).toEqual([...want].sort());
          for (const to of PAYMENT_STATUS_IDS) expect(checkPaymentMove(order, to).ok).toBe(want.includes(to));
        });
      }
    }
  }

  it("says why a paid online order cannot go back to pending", () => {
    expect(
      checkPaymentMove({ status: "confirmed", paymentStatus: "paid", paymentMethod: "razorpay" }, "pending"),
    ).toMatchObject({
      ok: false,
      message: "A paid online order cannot go back to pending.",
    });
  });

  it("marks a COD order paid on delivery, not before dispatch", () => {
    expect(
      checkPaymentMove({ status: "delivered", paymentStatus: "pending", paymentMethod: "cod" }, "paid").ok,
    ).toBe(true);
    expect(
      checkPaymentMove({ status: "confirmed", paymentStatus: "pending", paymentMethod: "cod" }, "paid"),
    ).toMatchObject({
      ok: false,
      message: "A cash on delivery order is marked paid when it is delivered.",
    });
  });
});

describe("returned to origin (RTO)", () => {
  const dispatched = { status: "dispatched", paymentStatus: "pending", paymentMethod: "cod" } as const;

  it("is allowed only from dispatched, and says so", () => {
    for (const status of ORDER_STATUS_IDS) {
      const r = checkStatusMove({ ...dispatched, status }, { to: "rto", rtoReason: "refused" });
      expect(r.ok).toBe(status === "dispatched");
      if (status !== "dispatched" && status !== "rto")
        expect(r).toMatchObject({
          message: "Only a dispatched order can be marked returned to origin (RTO).",
        });
    }
  });

  it("needs a reason, and a note for 'other'", () => {
    expect(checkStatusMove(dispatched, { to: "rto" })).toMatchObject({ ok: false, field: "rtoReason" });
    expect(checkStatusMove(dispatched, { to: "rto", rtoReason: "other" })).toMatchObject({
      ok: false,
      field: "note",
    });
    expect(checkStatusMove(dispatched, { to: "rto", rtoReason: "other", note: "Shop closed" }).ok).toBe(true);
    for (const rtoReason of RTO_REASON_IDS.filter((r) => r !== "other"))
      expect(checkStatusMove(dispatched, { to: "rto", rtoReason }).ok).toBe(true);
  });

  it("is final, and puts stock back like a cancellation (no other move does)", () => {
    expect(nextStatuses("rto")).toEqual([]);
    expect(ORDER_STATUS_IDS.filter(returnsStock).sort()).toEqual(["cancelled", "rto"]);
  });

  it("form: reason required, 'other' needs a note, unknown reasons refused", () => {
    const base = { intent: "status", kind: "order", id: "1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab", to: "rto" };
    const issues = (v: object) => {
      const r = statusChangeSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(issues(base)).toEqual(["rtoReason: Choose why the order came back."]);
    expect(issues({ ...base, rtoReason: "" })).toEqual(["rtoReason: Choose why the order came back."]);
    expect(issues({ ...base, rtoReason: "lost" })).toEqual(["rtoReason: Choose why the order came back."]);
    expect(issues({ ...base, rtoReason: "other", note: "  " })).toEqual([
      "note: Say in the note why the order came back.",
    ]);
    expect(issues({ ...base, rtoReason: "unreachable" })).toEqual([]);
    expect(rtoReasonLabel("address")).toBe("Address problem");
  });
});

describe("status change form", () => {
  it("needs courier and tracking number for dispatch", () => {
    const base = {
      intent: "status",
      kind: "order",
      id: "1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab",
      to: "dispatched",
    };
    const bad = statusChangeSchema.safeParse(base);
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join("."))).toEqual([
      "courier",
      "trackingNumber",
    ]);
    const good = statusChangeSchema.safeParse({
      ...base,
      courier: " Delhivery ",
      trackingNumber: "DL9",
      note: "",
    });
    expect(good.success && good.data).toMatchObject({
      courier: "Delhivery",
      trackingNumber: "DL9",
      note: undefined,
    });
  });
});
