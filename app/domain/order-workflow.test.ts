import { describe, expect, it } from "vitest";
import {
  checkPaymentMove,
  checkStatusMove,
  csvCell,
  csvRow,
  describeProductConfig,
  displayCustomOrderId,
  displayOrderId,
  likePrefix,
  nextPaymentStatuses,
  ORDER_STATUS_IDS,
  orderFiltersToQuery,
  orderStatusLabel,
  parseOrderFilters,
  PAYMENT_METHOD_IDS,
  PAYMENT_STATUS_IDS,
  paymentMethodLabel,
  paymentStatusLabel,
  searchTerms,
  statusChangeSchema,
  uuidPrefixRange,
  type OrderStatus,
  type PaymentStatus,
} from "./order-workflow";

const ALLOWED_STATUS: Record<OrderStatus, OrderStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["in_production", "cancelled"],
  in_production: ["dispatched", "cancelled"],
  dispatched: ["delivered"],
  delivered: [],
  cancelled: [],
};

describe("order status moves", () => {
  for (const from of ORDER_STATUS_IDS) {
    for (const to of ORDER_STATUS_IDS) {
      const allowed = ALLOWED_STATUS[from].includes(to);
      it(`${from} → ${to}: ${allowed ? "allowed" : "refused"}`, () => {
        const r = checkStatusMove(
          { status: from, paymentStatus: "paid", paymentMethod: "cod" },
          { to, courier: "Delhivery", trackingNumber: "DL123" },
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
  if (status === "cancelled") return from === "paid" ? ["refunded"] : [];
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

describe("labels and ids", () => {
  it("labels statuses, unknown payment values as Pending", () => {
    expect(orderStatusLabel("in_production")).toBe("In Production");
    expect(paymentStatusLabel("failed")).toBe("Failed");
    expect(paymentStatusLabel("weird")).toBe("Pending");
    expect(paymentMethodLabel("cod")).toBe("COD");
    expect(paymentMethodLabel("razorpay")).toBe("Online Payment");
    expect(paymentMethodLabel("razorpay", true)).toBe("Online Payment (Test)");
  });

  it("builds display ids", () => {
    expect(displayOrderId("1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab")).toBe("NL1A2B3C4D");
    expect(displayCustomOrderId("1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab")).toBe("1A2B3C4D");
  });

  it("describes a product configuration from an object or a JSON string", () => {
    const words = {
      Size: "Medium (1ft x 1ft)",
      Colour: "Blue",
      "Brightness controller": "Yes",
      Type: "Standard",
    };
    const cfg = { size: "M", color: "Blue", brightnessController: true, productType: "Standard" };
    const asMap = (l: { label: string; value: string }[]) =>
      Object.fromEntries(l.map((x) => [x.label, x.value]));
    expect(asMap(describeProductConfig(cfg))).toEqual(words);
    expect(asMap(describeProductConfig(JSON.stringify(cfg)))).toEqual(words);
    expect(asMap(describeProductConfig("{not json"))["Size"]).toBe("Not given");
  });
});

describe("search terms", () => {
  it("reads a display id, a bare id prefix and a whole uuid", () => {
    expect(searchTerms("NL1A2B3C4D")?.idPrefix).toBe("1a2b3c4d");
    expect(searchTerms("1a2b")?.idPrefix).toBe("1a2b");
    expect(searchTerms("1A2B3C4D-5E6F-4A1B-8C2D-0123456789AB")).toEqual({
      uuid: "1a2b3c4d-5e6f-4a1b-8c2d-0123456789ab",
      nameWords: [],
    });
  });

  it("reads phone numbers with +91, 0 and spaces", () => {
    expect(searchTerms("+91 98765 43210")?.phoneDigits).toBe("9876543210");
    expect(searchTerms("09876543210")?.phoneDigits).toBe("9876543210");
    expect(searchTerms("98765")?.phoneDigits).toBe("98765");
    expect(searchTerms("abc")?.phoneDigits).toBeUndefined();
  });

  it("reads names and e-mails", () => {
    expect(searchTerms("Priya Sharma")).toEqual({ nameWords: ["priya", "sharma"] });
    expect(searchTerms("Priya@Example.com")).toMatchObject({ emailPrefix: "priya@example.com" });
    expect(searchTerms("  ")).toBeNull();
  });

  it("covers every uuid with the prefix", () => {
    expect(uuidPrefixRange("1a2b3c4d5")).toEqual([
      "1a2b3c4d-5000-0000-0000-000000000000",
      "1a2b3c4d-5fff-ffff-ffff-ffffffffffff",
    ]);
  });

  it("escapes LIKE wildcards", () => {
    expect(likePrefix("a_b%c\\")).toBe("a\\_b\\%c\\\\%");
  });
});

describe("filters in the URL", () => {
  it("parses and writes back a filter set", () => {
    const r = parseOrderFilters(
      new URLSearchParams(
        "q=sharma&status=confirmed&method=cod&payment=all&from=2025-08-01&to=2025-08-31&page=3",
      ),
    );
    expect(r).toEqual({
      ok: true,
      filters: {
        q: "sharma",
        status: "confirmed",
        method: "cod",
        from: "2025-08-01",
        to: "2025-08-31",
        page: 3,
      },
    });
    expect(orderFiltersToQuery(r.filters, { page: 1 }).toString()).toBe(
      "q=sharma&status=confirmed&method=cod&from=2025-08-01&to=2025-08-31",
    );
  });

  it("points at bad fields and keeps the good ones", () => {
    const r = parseOrderFilters(new URLSearchParams("q=x&status=shipped&from=2025-02-30&page=-1"));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(["from", "page", "status"]);
    expect(r.filters).toEqual({ q: "x", page: 1 });
    const backwards = parseOrderFilters(new URLSearchParams("from=2025-08-10&to=2025-08-01"));
    expect(backwards.ok ? {} : backwards.errors).toEqual({
      to: "The end date must be on or after the start date.",
    });
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
      markPaid: false,
    });
  });
});

describe("CSV cells", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rhere", '"cr\rhere"'],
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+91 98765", "'+91 98765"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tTab", "'\tTab"],
    ["\rCR", '"\'\rCR"'],
    ["  =1+1", "'  =1+1"],
    [" padded ", '" padded "'],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ["", ""],
  ])("%j → %j", (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it("writes numbers, booleans and empty values", () => {
    expect(csvRow([1299, true, false, null, undefined, "x"])).toBe("1299,Yes,No,,,x\r\n");
  });
});

describe("dates in India", () => {
  it("formats in IST, midnight as 00", async () => {
    const { formatIstDateTime, formatIstDate } = await import("./order-workflow");
    expect(formatIstDateTime("2025-08-30T18:30:00Z")).toBe("2025-08-31 00:00");
    expect(formatIstDateTime(new Date("2025-08-31T08:35:00Z"))).toBe("2025-08-31 14:05");
    expect(formatIstDate("2025-08-30T18:30:00Z")).toBe("31 Aug 2025");
  });
});
